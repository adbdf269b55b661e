import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { ImageCropper, refusalOf } from './image-cropper.tsx';
import { renderCrop } from './render-crop.ts';

// jsdom neither decodes images nor draws on a canvas: the image probe and the PNG encoding are stand-ins.
vi.mock('./render-crop.ts', () => ({
  renderCrop: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
}));

/** An image that "loads" as 1600×900 as soon as it gets a source. */
class LoadedImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 1600;
  naturalHeight = 900;
  set src(_value: string) {
    queueMicrotask(() => this.onload?.());
  }
}

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

beforeEach(() => {
  vi.stubGlobal('Image', LoadedImage);
  URL.createObjectURL = vi.fn(() => `blob:crop-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(renderCrop).mockClear();
});

function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openCropper(kind: 'USER_PHOTO' | 'COMPANY_LOGO' = 'USER_PHOTO') {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const cropper = <ImageCropper opened kind={kind} onClose={onClose} onConfirm={onConfirm} />;
  await renderRoutes([{ path: '/', element: cropper }], '/', fakeSession());
  const input = await screen.findByTestId('image-cropper-input');
  const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  return { onConfirm, onClose, choose, user: userEvent.setup() };
}

describe('refusalOf (editor §5.1 images only, §5.3 under 5 MB)', () => {
  it('accepts PNG, JPEG, GIF and WebP up to 5 MB and refuses everything else', () => {
    expect(refusalOf({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeUndefined();
    expect(refusalOf({ type: 'image/jpeg', size: 10 })).toBeUndefined();
    expect(refusalOf({ type: 'image/webp', size: 10 })).toBeUndefined();
    expect(refusalOf({ type: 'text/plain', size: 10 })).toBe('imageCropper.notImage');
    expect(refusalOf({ type: 'image/svg+xml', size: 10 })).toBe('imageCropper.notImage');
    expect(refusalOf({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('imageCropper.tooLarge');
    expect(refusalOf({ type: 'image/png', size: 0 })).toBe('imageCropper.empty');
  });
});

describe('ImageCropper', SLOW, () => {
  it('accepts images only in the file chooser and refuses a non-image with a translated message', async () => {
    const { choose, onConfirm } = await openCropper();
    expect(screen.getByTestId('image-cropper-input')).toHaveAttribute('accept', 'image/*');
    choose(fileOf('notes.txt', 'text/plain'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not an image Obra accepts. Choose a PNG, JPEG, GIF or WebP image.',
    );
    expect(screen.queryByTestId('image-cropper-frame')).toBeNull();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('refuses an image over 5 MB before reading it', async () => {
    const { choose } = await openCropper();
    choose(fileOf('huge.png', 'image/png', 5 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('The image must be 5 MB or smaller.');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(screen.queryByTestId('image-cropper-frame')).toBeNull();
  });

  it('crops an accepted image to 200×200, zooming with the keyboard, and yields a new image', async () => {
    const { choose, onConfirm, user } = await openCropper();
    choose(fileOf('photo.jpg', 'image/jpeg'));
    const frame = await screen.findByTestId('image-cropper-frame');
    expect(frame).toHaveAttribute('data-zoom', '1.000');
    frame.focus();
    await user.keyboard('+');
    expect(frame).toHaveAttribute('data-zoom', '1.100');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(frame).toHaveAttribute('data-zoom', '1.000');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    const [, rect, output] = vi.mocked(renderCrop).mock.calls[0] ?? [];
    expect(output).toEqual({ width: 200, height: 200 });
    expect(rect?.width).toBeCloseTo(900 / 1.1);
    expect(rect?.height).toBeCloseTo(900 / 1.1);
    expect(rect && rect.x + rect.width / 2).toBeCloseTo(800);
    expect(onConfirm.mock.calls[0]?.[0]).toMatchObject({
      state: 'new',
      url: expect.stringMatching(/^blob:/),
    });
  });

  it('starts a logo with the whole image inside the 4:1 band and renders 800×200', async () => {
    const { choose, onConfirm, user } = await openCropper('COMPANY_LOGO');
    choose(fileOf('logo.png', 'image/png'));
    await screen.findByTestId('image-cropper-frame');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    const [, rect, output] = vi.mocked(renderCrop).mock.calls[0] ?? [];
    expect(output).toEqual({ width: 800, height: 200 });
    expect(rect).toEqual({ x: -1000, y: 0, width: 3600, height: 900 });
  });

  it('cancels without yielding anything', async () => {
    const { choose, onConfirm, onClose, user } = await openCropper();
    choose(fileOf('photo.jpg', 'image/jpeg'));
    await screen.findByTestId('image-cropper-frame');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(renderCrop).not.toHaveBeenCalled();
  });
});
