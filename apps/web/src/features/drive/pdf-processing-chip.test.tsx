// Issue 30 #11: a document waiting for its preparation shows its place in the queue, and the place follows the
// queue while the chip asks for news.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { PdfProcessingChip } from './pdf-processing-chip.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the preparation chip of a queued PDF', () => {
  it('shows its place in the queue, then the newer place the file answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ processingState: 'queued', processingError: null, queuePosition: 1 }),
            {
              headers: { 'content-type': 'application/json' },
            },
          ),
      ),
    );
    const file = {
      id: 7,
      extension: 'pdf',
      processingState: 'queued',
      processingError: null,
      queuePosition: 3,
    };
    await renderRoutes(
      [{ path: '/', element: <PdfProcessingChip projectId={1} file={file} /> }],
      '/',
      fakeSession({ user: READY_USER }),
    );
    expect(await screen.findByTestId('pdf-processing')).toHaveTextContent(
      'Waiting to be prepared · Position 3 in the queue',
    );
    expect(await screen.findByText(/Position 1 in the queue/)).toBeInTheDocument();
  });
});
