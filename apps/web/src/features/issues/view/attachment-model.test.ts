import { describe, expect, it } from 'vitest';
import {
  attachmentTypeOf,
  extensionOf,
  isAudio,
  nextIndex,
  orderedAttachments,
  previousIndex,
  typeOfAttachment,
} from './attachment-model.ts';

describe('attachment type by extension (editor §3.3)', () => {
  it.each([
    ['planta.jpg', 'image'],
    ['FOTO.JPEG', 'image'],
    ['corte.png', 'image'],
    ['obra.gif', 'gif'],
    ['visita.mp4', 'media'],
    ['audio.ogg', 'media'],
    ['nota.oga', 'media'],
    ['video.ogv', 'media'],
    ['fala.mp3', 'media'],
    ['gravacao.wav', 'media'],
    ['memorial.pdf', 'other'],
    ['modelo.ifc', 'other'],
    ['sem-extensao', 'image'],
    ['arquivo.xyz', 'image'],
  ])('%s is %s', (name, type) => {
    expect(attachmentTypeOf(name)).toBe(type);
  });

  it('reads the extension of a URL without its query or fragment', () => {
    expect(extensionOf('/files/abc/planta.PNG?expires=1&sig=x#top')).toBe('png');
    expect(attachmentTypeOf('/files/abc/visita.mp4?sig=x.jpg')).toBe('media');
    expect(extensionOf('/files/.hidden')).toBe('');
  });

  it('prefers the attachment type given, then the title, then the file', () => {
    expect(typeOfAttachment({ key: '1', title: 'video.mp4', original: '/files/1', index: 0 })).toBe('media');
    expect(typeOfAttachment({ key: '1', title: 'Planta baixa', original: '/files/1/x.gif', index: 0 })).toBe(
      'gif',
    );
    expect(typeOfAttachment({ key: '1', title: 'a.png', original: '/f', index: 0, type: 'other' })).toBe(
      'other',
    );
  });

  it('tells sound from video', () => {
    expect(isAudio('a.mp3')).toBe(true);
    expect(isAudio('a.wav')).toBe(true);
    expect(isAudio('a.mp4')).toBe(false);
  });
});

describe('carousel wrap-around (editor §4.5)', () => {
  it('goes from the last to the first and from the first to the last', () => {
    expect(nextIndex(2, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
    expect(nextIndex(0, 3)).toBe(1);
    expect(previousIndex(2, 3)).toBe(1);
  });

  it('stays put with one attachment and copes with none', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
  });

  it('orders attachments by index', () => {
    const items = [
      { key: 'b', title: null, original: 'b', index: 2 },
      { key: 'a', title: null, original: 'a', index: 0 },
    ];
    expect(orderedAttachments(items).map((i) => i.key)).toEqual(['a', 'b']);
  });
});
