import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, READY_USER, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { ProfilePage } from './profile-page.tsx';

// jsdom neither decodes images nor draws on a canvas: the image probe and the PNG encoding are stand-ins.
vi.mock('../../components/image-cropper/render-crop.ts', () => ({
  renderCrop: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
}));

class LoadedImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 640;
  naturalHeight = 480;
  set src(_value: string) {
    queueMicrotask(() => this.onload?.());
  }
}

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

const PHOTO_URL = '/files/profile-images/USER_PHOTO/abc.webp';
const UPLOAD_URL = '/files/upload/profile-uploads/abc?signature=1';

interface Call {
  method: string;
  path: string;
  operation: string;
  variables: Record<string, unknown>;
  body: unknown;
}

/** The server's side of a save: the three upload steps and updateUserProfile; `failPut` refuses the bytes. */
function stubServer(options: { failPut?: boolean } = {}) {
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      // The document platform section's own reads (features/integrations): not connected, no platform.
      if (url.pathname === '/autodoc/user-integration') return json({ connected: false });
      if (url.pathname === '/autodoc/platform') return json({ companyId: 1, platform: null, baseUrl: null });
      if (url.pathname !== '/graphql') {
        calls.push({ method, path: url.pathname, operation: '', variables: {}, body: init?.body });
        return options.failPut
          ? json({ code: 'FILE_SIZE_LIMIT_EXCEEDED', message: 'too large' }, 413)
          : new Response(null, { status: 200 });
      }
      const body = JSON.parse(String(init?.body)) as {
        operationName: string;
        variables: Record<string, unknown>;
      };
      calls.push({
        method,
        path: url.pathname,
        operation: body.operationName,
        variables: body.variables,
        body,
      });
      switch (body.operationName) {
        case 'CreateProfileImageUpload':
          return json({
            data: { createProfileImageUpload: { url: UPLOAD_URL, method: 'PUT', fileId: 'abc' } },
          });
        case 'ConfirmProfileImageUpload':
          return json({
            data: { confirmProfileImageUpload: { fileId: 'abc', url: PHOTO_URL, width: 200, height: 200 } },
          });
        case 'UpdateUserProfile': {
          const input = body.variables['input'] as Record<string, unknown>;
          return json({ data: { updateUserProfile: { ...READY_USER, ...input } } });
        }
        default:
          return json({ errors: [{ message: 'unstubbed', extensions: { code: 'NOT_FOUND' } }] });
      }
    }),
  );
  return calls;
}

beforeEach(() => {
  vi.stubGlobal('Image', LoadedImage);
  URL.createObjectURL = vi.fn(() => 'blob:crop');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage(photo: string | null) {
  const session = fakeSession({ status: 'ready', user: { ...READY_USER, photo } });
  await renderRoutes([{ path: '/', element: <ProfilePage /> }], '/', session);
  await screen.findByTestId('profile-photo');
  return { session, user: userEvent.setup() };
}

async function cropNewPhoto(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(screen.getByTestId('profile-photo')).getByRole('button', { name: 'Change' }));
  const dialog = await screen.findByRole('dialog', { name: 'Photo' });
  fireEvent.change(within(dialog).getByTestId('image-cropper-input'), {
    target: { files: [new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' })] },
  });
  await within(dialog).findByTestId('image-cropper-frame');
  await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(screen.getByTestId('profile-photo')).toHaveAttribute('data-state', 'new'));
}

describe('ProfilePage photo (editor §5.3)', SLOW, () => {
  it('uploads a new photo on save and sends its URL with the profile', async () => {
    const calls = stubServer();
    const { session, user } = await renderPage(null);
    await cropNewPhoto(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(session.setUser).toHaveBeenCalled());
    expect(calls.map((c) => c.operation || `${c.method} ${c.path}`)).toEqual([
      'CreateProfileImageUpload',
      'PUT /files/upload/profile-uploads/abc',
      'ConfirmProfileImageUpload',
      'UpdateUserProfile',
    ]);
    expect(calls[0]?.variables).toEqual({ kind: 'USER_PHOTO', filename: 'user_photo.png' });
    expect(calls[1]?.body).toBeInstanceOf(Blob);
    expect(calls[3]?.variables['input']).toMatchObject({ name: 'Ana', photo: PHOTO_URL });
    expect(screen.getByTestId('profile-photo')).toHaveAttribute('data-state', 'keep');
  });

  it('sends null to remove the photo, and leaves it out when only the name changes', async () => {
    const calls = stubServer();
    const { user } = await renderPage(PHOTO_URL);
    await user.click(within(screen.getByTestId('profile-photo')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the image?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.operation === 'UpdateUserProfile')).toHaveLength(1));
    expect(calls.map((c) => c.operation)).toEqual(['UpdateUserProfile']);
    expect(calls[0]?.variables['input']).toMatchObject({ photo: null });

    await user.type(screen.getByLabelText(/^Last name/), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.operation === 'UpdateUserProfile')).toHaveLength(2));
    expect(calls[1]?.variables['input']).not.toHaveProperty('photo');
  });

  it('shows the translated upload error and keeps the new photo for another try', async () => {
    const calls = stubServer({ failPut: true });
    const { session, user } = await renderPage(null);
    await cropNewPhoto(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('The file must be under 5 MB.');
    expect(calls.some((c) => c.operation === 'UpdateUserProfile')).toBe(false);
    expect(session.setUser).not.toHaveBeenCalled();
    expect(screen.getByTestId('profile-photo')).toHaveAttribute('data-state', 'new');
  });
});
