import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSetupScreen } from '../projects/setup/setup-test-kit.tsx';
import type { ProjectFile } from './files-api.ts';
import { FilesPage } from './files-page.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const BASE = '/project-files/projects/7';

function file(id: number, fileName: string): ProjectFile {
  return {
    id,
    documentId: id,
    fileName,
    extension: fileName.split('.').pop() ?? '',
    version: 1,
    versionsCount: 1,
    fileSize: 1200,
    uploadState: 'confirmed',
    processingState: 'none',
    processingError: null,
    createdByName: 'Ana Souza',
    uploadedAt: '2026-11-20T10:00:00.000Z',
    permissions: { delete: true },
    contentType: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    createdByUserId: 3,
    projectId: 7,
    queuePosition: null,
    thumbnailUrl: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

/**
 * The files routes a page needs, and the bulk download: the POST answers `start` (status, body), then each poll
 * of its state answers the next of `states`.
 */
function stubFilesFetch(start: [number, unknown], states: unknown[]) {
  const posted: unknown[] = [];
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      if (method === 'GET' && path === `${BASE}/user-authorization`)
        return answer(200, { canView: true, canUpload: false, canDeleteAny: false, projectActive: true });
      if (method === 'GET' && path === `${BASE}/files`)
        return answer(200, {
          files: [file(31, 'Ata de reunião.txt'), file(32, 'Levantamento.pdf'), file(33, 'Fachada.png')],
          total: 3,
        });
      if (method === 'POST' && path === `${BASE}/files/bulk-downloads`) {
        posted.push(JSON.parse(String(init?.body)));
        return answer(...start);
      }
      if (method === 'GET' && path === `${BASE}/files/bulk-downloads/zip-1`)
        return answer(200, states.length > 1 ? states.shift() : states[0]);
      return answer(404, { code: 'NOT_FOUND', message: 'no route' });
    }),
  );
  return posted;
}

const processing = {
  id: 'zip-1',
  status: 'processing',
  fileCount: 3,
  processedCount: 1,
  url: null,
  errorCode: null,
};

describe('project files: download the chosen files as a zip (editor §4.7)', SLOW, () => {
  it('zips the selection, shows the preparation and then the link to the archive', async () => {
    const posted = stubFilesFetch(
      [202, { bulkDownloadId: 'zip-1' }],
      [
        processing,
        { ...processing, status: 'completed', processedCount: 3, url: '/files/drive-zips/7/zip-1.zip?sig=x' },
      ],
    );
    await renderSetupScreen(<FilesPage />);
    const user = userEvent.setup();
    const selectAll = await screen.findByRole('checkbox', { name: 'Select all' });
    // Nothing is chosen yet: no zip button.
    expect(screen.queryByRole('button', { name: 'Download as zip' })).toBeNull();
    await user.click(selectAll);
    expect(screen.getByTestId('files-selected-count')).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('button', { name: 'Download as zip' }));

    expect(await screen.findByText('Preparing the download…')).toBeInTheDocument();
    const link = await screen.findByRole(
      'link',
      { name: 'The zip is ready: download it' },
      { timeout: 10_000 },
    );
    expect(link).toHaveAttribute('href', '/files/drive-zips/7/zip-1.zip?sig=x');
    expect(posted).toEqual([{ filesIds: [31, 32, 33] }]);

    // Clearing the selection takes the zip button away.
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('button', { name: 'Download as zip' })).toBeNull();
  });

  it("says 'Error compressing files' when the job fails while compressing", async () => {
    stubFilesFetch(
      [202, { bulkDownloadId: 'zip-1' }],
      [{ ...processing, status: 'error', errorCode: 'COMPRESSING' }],
    );
    await renderSetupScreen(<FilesPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Download as zip' }));
    expect(await screen.findByText('Error compressing files', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'The zip is ready: download it' })).toBeNull();
  });

  it("says 'Error preparing download' when the zip cannot be started", async () => {
    stubFilesFetch([404, { code: 'NOT_FOUND', message: 'no such file' }], []);
    await renderSetupScreen(<FilesPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Download as zip' }));
    expect(await screen.findByText('Error preparing download')).toBeInTheDocument();
  });
});
