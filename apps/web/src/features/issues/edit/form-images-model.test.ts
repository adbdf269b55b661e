import { describe, expect, it, vi } from 'vitest';
import {
  imageFromFile,
  imageFromStored,
  imagesInput,
  uploadFormImages,
  withMarkup,
} from './form-images-model.ts';

const markUp = {
  version: 2,
  rects: [{ id: 'r1', kind: 'rect', x: 1, y: 2, width: 3, height: 4 }],
  pin: null,
};

describe('markup drawn in the issue form', () => {
  it('is uploaded as the rendered picture and sent with its markUp, for new and kept images', async () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'fachada.jpg', { type: 'image/jpeg' });
    const fresh = withMarkup(imageFromFile(photo, 'blob:a'), markUp, new Blob([new Uint8Array([9])]));
    const kept = withMarkup(
      imageFromStored({ id: 12, title: 'Planta', original: 'https://x/o.jpg', markUp: null }),
      markUp,
      new Blob([new Uint8Array([8])]),
    );
    const untouched = imageFromStored({ id: 13, title: 'Corte', original: 'https://x/c.jpg', markUp });
    const uploads: File[] = [];
    const upload = vi.fn(async (file: File) => {
      uploads.push(file);
      return `file-${uploads.length}`;
    });
    const uploaded = await uploadFormImages([fresh, kept, untouched], upload);
    // The chosen file, then each render (PNG): nothing for an image whose markup did not change.
    expect(uploads.map((f) => [f.name, f.type])).toEqual([
      ['fachada.jpg', 'image/jpeg'],
      ['fachada-markup.png', 'image/png'],
      ['Planta-markup.png', 'image/png'],
    ]);
    expect(imagesInput([fresh, kept, untouched], uploaded)).toEqual([
      { index: 0, title: 'fachada', original: 'file-1', markedUp: 'file-2', markUp },
      { id: 12, index: 1, title: 'Planta', markedUp: 'file-3', markUp },
      { id: 13, index: 2, title: 'Corte' },
    ]);
  });

  it('keeps the stored markup of an image to edit it further', () => {
    expect(imageFromStored({ id: 13, title: 'Corte', original: 'https://x/c.jpg', markUp }).markUp).toEqual(
      markUp,
    );
  });
});
