import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSetupScreen } from '../projects/setup/setup-test-kit.tsx';
import { FilesUploadPanel } from './files-upload-panel.tsx';

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

const BASE = '/project-files/projects/7';

/** The REST calls of an upload (create, confirm) and the PUTs of the bytes, which answer `putStatus`. */
function stubUpload(putStatus: number) {
  const calls: string[] = [];
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (method === 'POST' && path === `${BASE}/files`) {
        const { fileName } = JSON.parse(String(init?.body)) as { fileName: string };
        return answer(201, {
          file: { id: 40 + calls.length, fileName },
          upload: { url: `/files/uploads/${fileName}?sig=x`, method: 'PUT', headers: {} },
        });
      }
      if (method === 'PATCH' && /\/files\/\d+\/confirm-upload$/.test(path)) return answer(200, {});
      return answer(404, { code: 'NOT_FOUND', message: 'no route' });
    }),
  );
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    private url = '';
    open(method: string, url: string) {
      this.url = url;
      calls.push(`${method} ${url.split('?')[0]}`);
    }
    setRequestHeader() {}
    abort() {}
    send(body: Blob) {
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.size, total: body.size });
        this.status = putStatus;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return calls;
}

describe('project files: the upload panel (the uploader shared with the drive)', SLOW, () => {
  it('sends each accepted file (create, bytes, confirm), refuses a bad one and marks a known name as a new version', async () => {
    const calls = stubUpload(200);
    const onUploaded = vi.fn();
    await renderSetupScreen(
      <FilesUploadPanel projectId={7} listedNames={new Set(['ata.txt'])} onUploaded={onUploaded} />,
    );
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId('files-file-input'), [
      new File(['minutes'], 'Ata.txt', { type: 'text/plain' }),
      new File(['x'], 'setup.exe', { type: 'application/octet-stream' }),
    ]);
    const rows = screen.getAllByTestId('files-upload-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('new version')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Refused')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('This type of file is not accepted.')).toBeInTheDocument();

    await user.click(screen.getByTestId('files-upload-send'));
    expect(await within(rows[0]!).findByText('Uploaded')).toBeInTheDocument();
    expect(calls).toEqual([
      `POST ${BASE}/files`,
      'PUT /files/uploads/Ata.txt',
      `PATCH ${BASE}/files/41/confirm-upload`,
    ]);
    expect(onUploaded).toHaveBeenCalledTimes(1);
    // Only the refused file is left: nothing to send.
    expect(screen.queryByTestId('files-upload-send')).toBeNull();
  });

  it('keeps a file whose bytes were refused as failed, with the retry button', async () => {
    stubUpload(413);
    await renderSetupScreen(<FilesUploadPanel projectId={7} listedNames={new Set()} onUploaded={() => {}} />);
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId('files-file-input'), [
      new File(['plan'], 'Plan.pdf', { type: 'application/pdf' }),
    ]);
    await user.click(screen.getByTestId('files-upload-send'));
    const row = screen.getByTestId('files-upload-item');
    expect(await within(row).findByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('Some files could not be uploaded.')).toBeInTheDocument();
    expect(screen.getByTestId('files-upload-send')).toHaveTextContent('Retry the failed files');
  });
});
