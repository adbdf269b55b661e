import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { SupportPage } from './support-page.tsx';
import { releases, searchManual } from './support-content.ts';

const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

async function show(contactAvailable: boolean) {
  stubAuthFetch(
    { 'GET /readyz': [200, { status: 'ok', database: 'pglite' }] },
    { SupportInfo: { data: { supportInfo: { contactAvailable, apiVersion: '1' } } } },
  );
  await renderRoutes(
    [{ path: '/', element: <SupportPage /> }],
    '/',
    fakeSession({ status: 'ready', user: READY_USER }),
  );
}

describe('SupportPage', SLOW, () => {
  it('offers the contact form only when the operator set a support address', async () => {
    await show(true);
    expect(await screen.findByRole('tab', { name: 'Contact us' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Keyboard shortcuts' }));
    expect(screen.getByTestId('shortcuts')).toHaveTextContent('Go to the search box');
    await userEvent.click(screen.getByRole('tab', { name: 'System status' }));
    expect(await screen.findByTestId('system-status-badge')).toHaveTextContent('Working');
    expect(screen.getByTestId('version')).toHaveTextContent('Web app 0.1.0API 1');
  });

  it('hides the contact form without a support address', async () => {
    await show(false);
    expect(await screen.findByRole('tab', { name: 'User manual' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Contact us' })).toBeNull();
  });
});

describe('support content', () => {
  it('reads the changelog into releases, newest first', () => {
    expect(
      releases('# Changelog\n\nintro\n\n## 2026-11-29\n\n- A\n- B\n  continued\n\n## 2026-11-28\n\n- C\n'),
    ).toEqual([
      { date: '2026-11-29', changes: ['A', 'B continued'] },
      { date: '2026-11-28', changes: ['C'] },
    ]);
  });

  it('searches the manual by every word, accents and case ignored, most hits first', () => {
    const pages = [
      { id: 'a', title: 'Drive', text: 'Upload a revisão. Upload again.' },
      { id: 'b', title: 'Issues', text: 'An upload of images.' },
    ];
    expect(searchManual(pages, 'UPLOAD').map((r) => [r.page.id, r.hits])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(searchManual(pages, 'revisao upload').map((r) => r.page.id)).toEqual(['a']);
    expect(searchManual(pages, 'nothing')).toEqual([]);
  });
});
