import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, renderRoutes } from '../../app/guards/guard-test-utils.tsx';
import { ImageField, shownImage } from './image-field.tsx';
import { KEEP_IMAGE, type ImageChoice } from './upload-profile-image.ts';

vi.mock('./render-crop.ts', () => ({
  renderCrop: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
}));

class LoadedImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 400;
  naturalHeight = 300;
  set src(_value: string) {
    queueMicrotask(() => this.onload?.());
  }
}

// jsdom with user-event is slow on a loaded machine; the limit only catches a hang, it asserts no timing.
const SLOW = { timeout: 30_000 };

beforeEach(() => {
  vi.stubGlobal('Image', LoadedImage);
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:crop-${(next += 1)}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

/** The field as a form holds it, reporting every choice. */
function Harness({
  current,
  onChoice,
  initial = KEEP_IMAGE,
}: {
  current: string | null;
  onChoice: (choice: ImageChoice) => void;
  initial?: ImageChoice;
}) {
  const [value, setValue] = useState<ImageChoice>(initial);
  return (
    <ImageField
      kind="USER_PHOTO"
      label="Photo"
      name="Ana Silva"
      current={current}
      value={value}
      onChange={(choice) => {
        setValue(choice);
        onChoice(choice);
      }}
    />
  );
}

async function renderField(current: string | null) {
  const onChoice = vi.fn();
  await renderRoutes(
    [{ path: '/', element: <Harness current={current} onChoice={onChoice} /> }],
    '/',
    fakeSession(),
  );
  await screen.findByTestId('image-field');
  return { onChoice, user: userEvent.setup() };
}

describe('shownImage', () => {
  it('shows the new crop, nothing once removed, else the saved image', () => {
    const blob = new Blob(['x']);
    expect(shownImage('/p.webp', KEEP_IMAGE)).toBe('/p.webp');
    expect(shownImage(null, KEEP_IMAGE)).toBeNull();
    expect(shownImage('/p.webp', { state: 'remove' })).toBeNull();
    expect(shownImage('/p.webp', { state: 'new', blob, url: 'blob:a' })).toBe('blob:a');
  });
});

describe('ImageField', SLOW, () => {
  it('shows initials and only "Change" without an image', async () => {
    await renderField(null);
    expect(screen.getByTestId('image-field-preview')).toHaveTextContent('AS');
    expect(screen.getByRole('button', { name: 'Change' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('removes the saved image only after the confirmation, and keeps it when cancelled', async () => {
    const { onChoice, user } = await renderField('/files/profile-images/photo.webp');
    const field = screen.getByTestId('image-field');
    expect(within(field).getByRole('img', { name: 'Photo' })).toHaveAttribute(
      'src',
      '/files/profile-images/photo.webp',
    );

    await user.click(within(field).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the image?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onChoice).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('data-state', 'keep');

    await user.click(within(field).getByRole('button', { name: 'Remove' }));
    const again = await screen.findByRole('dialog', { name: 'Remove the image?' });
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(onChoice).toHaveBeenLastCalledWith({ state: 'remove' });
    expect(field).toHaveAttribute('data-state', 'remove');
    expect(screen.getByTestId('image-field-pending')).toHaveTextContent(
      'The image is removed when you save.',
    );
    expect(within(field).queryByRole('img', { name: 'Photo' })).toBeNull();
  });

  it('yields a new image from the cropper, and dropping that crop goes back to no change', async () => {
    const { onChoice, user } = await renderField(null);
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo' });
    fireEvent.change(within(dialog).getByTestId('image-cropper-input'), {
      target: { files: [new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    await within(dialog).findByTestId('image-cropper-frame');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onChoice).toHaveBeenCalledTimes(1));
    const choice = onChoice.mock.calls[0]?.[0] as ImageChoice;
    expect(choice.state).toBe('new');
    const field = screen.getByTestId('image-field');
    await waitFor(() => expect(field).toHaveAttribute('data-state', 'new'));
    expect(screen.getByTestId('image-field-pending')).toHaveTextContent(
      'The new image is uploaded when you save.',
    );

    await user.click(within(field).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the image?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(onChoice).toHaveBeenLastCalledWith({ state: 'keep' });
    expect(field).toHaveAttribute('data-state', 'keep');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(choice.state === 'new' ? choice.url : '');
  });

  it('leaves the value unchanged when the cropper is cancelled', async () => {
    const { onChoice, user } = await renderField('/files/profile-images/photo.webp');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChoice).not.toHaveBeenCalled();
    expect(screen.getByTestId('image-field')).toHaveAttribute('data-state', 'keep');
  });
});
