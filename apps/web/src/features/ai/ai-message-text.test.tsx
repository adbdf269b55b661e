import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { AiMessageText } from './ai-message-text.tsx';

describe('AiMessageText', () => {
  it("links the answer's issues to Obra's own pages and leaves other addresses as text", async () => {
    const text =
      'Late: [AUR-12](/workspace/project/3/issues/45) and [X](//evil.example/a) and [Y](https://evil.example/b).';
    await renderRoutes(
      [{ path: '/', element: <AiMessageText text={text} /> }],
      '/',
      fakeSession({ user: READY_USER }),
    );
    const link = await screen.findByRole('link', { name: 'AUR-12' });
    expect(link.getAttribute('href')).toBe('/workspace/project/3/issues/45');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/\[X\]\(\/\/evil\.example\/a\)/)).toBeTruthy();
  });

  it('links a named document to the viewer, on its revision and page', async () => {
    const text =
      'See [TRN-ARQ-ED-0001](/workspace/project/3/drive/documents/9?revision=R01&page=14), page 14.';
    await renderRoutes(
      [{ path: '/', element: <AiMessageText text={text} /> }],
      '/',
      fakeSession({ user: READY_USER }),
    );
    const link = await screen.findByRole('link', { name: 'TRN-ARQ-ED-0001' });
    expect(link.getAttribute('href')).toBe('/workspace/project/3/drive/documents/9?revision=R01&page=14');
  });
});
