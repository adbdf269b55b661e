import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes, stubAuthFetch } from '../../app/guards/guard-test-utils.tsx';
import { DownloadsPage, formatSize } from './downloads-page.tsx';

const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const row = (over: Record<string, unknown>) => ({
  id: 'a',
  kind: 'driveZip',
  projectId: 1,
  projectName: 'Torre Sul',
  fileName: null,
  status: 'completed',
  errorCode: null,
  done: 3,
  total: 3,
  size: 1_234_567,
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-29T10:00:00.000Z',
  url: 'http://localhost/files/x.zip',
  ...over,
});

async function show(myDownloads: unknown[]) {
  stubAuthFetch({}, { MyDownloads: { data: { myDownloads } } });
  await renderRoutes(
    [{ path: '/', element: <DownloadsPage /> }],
    '/',
    fakeSession({ status: 'ready', user: READY_USER }),
  );
}

describe('DownloadsPage', SLOW, () => {
  it('lists each preparation with its state, progress, size, expiry and a download button when completed', async () => {
    await show([
      row({ id: 'p', status: 'processing', done: 1, total: 4, size: null, url: null }),
      row({ id: 'c' }),
      row({ id: 'e', status: 'error', errorCode: 'COMPRESSING', url: null }),
      row({
        id: 'b',
        kind: 'bcfExport',
        fileName: 'Torre Sul.bcf',
        status: 'error',
        errorCode: 'PREPARING',
        url: null,
      }),
    ]);
    const rows = await screen.findAllByTestId('download-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual([
      'processing',
      'completed',
      'error',
      'error',
    ]);
    expect(within(rows[0]!).getByText('1 of 4')).toBeInTheDocument();
    expect(within(rows[0]!).queryByTestId('download-button')).toBeNull();
    expect(within(rows[1]!).getByTestId('download-title')).toHaveTextContent('3 drive documents (zip)');
    expect(within(rows[1]!).getByTestId('download-details')).toHaveTextContent(/1\.2 MB · available until/);
    expect(within(rows[1]!).getByTestId('download-button')).toHaveAttribute(
      'href',
      'http://localhost/files/x.zip',
    );
    expect(within(rows[2]!).getByTestId('download-error')).toHaveTextContent('Error compressing files');
    expect(within(rows[3]!).getByTestId('download-title')).toHaveTextContent('Torre Sul.bcf');
    expect(within(rows[3]!).getByTestId('download-error')).toHaveTextContent('Error preparing download');
  });

  it('says when nothing was prepared', async () => {
    await show([]);
    expect(await screen.findByTestId('downloads-empty')).toHaveTextContent('Nothing prepared yet');
  });

  it('formats sizes', () => {
    expect(formatSize(999, 'en')).toBe('999 B');
    expect(formatSize(1_500_000, 'en')).toBe('1.5 MB');
  });
});
