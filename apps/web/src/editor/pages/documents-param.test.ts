import { describe, expect, it } from 'vitest';
import { encodeDocumentsParam, parseDocumentsParam } from './documents-param';

const docs = [
  { url: '/assets/a.svg', title: 'Planta – revisão A' },
  { url: 'https://obra.example/files/b.png', title: 'Revisão B' },
];

describe('compare documents parameter', () => {
  it('round-trips UTF-8 titles through base64', () => {
    expect(parseDocumentsParam(encodeDocumentsParam(docs))).toEqual({ ok: true, documents: docs });
  });

  it('accepts URL-safe base64 without padding and defaults missing titles', () => {
    const raw = Buffer.from(JSON.stringify([{ url: '/a?x=1' }, { url: '/b' }])).toString('base64url');
    expect(parseDocumentsParam(raw)).toEqual({
      ok: true,
      documents: [
        { url: '/a?x=1', title: '' },
        { url: '/b', title: '' },
      ],
    });
  });

  it('rejects bad base64, bad JSON, wrong shapes and unsafe URLs', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    expect(parseDocumentsParam('%%%')).toEqual({ ok: false, reason: 'invalidParameter' });
    expect(parseDocumentsParam(Buffer.from('{nope').toString('base64'))).toEqual({
      ok: false,
      reason: 'invalidParameter',
    });
    expect(parseDocumentsParam(encode({ url: '/a' }))).toEqual({ ok: false, reason: 'invalidParameter' });
    expect(parseDocumentsParam(encode([{ url: 'javascript:alert(1)' }, { url: '/b' }]))).toMatchObject({
      ok: false,
    });
  });

  it('needs two documents', () => {
    expect(parseDocumentsParam(null)).toEqual({ ok: false, reason: 'needTwo' });
    expect(parseDocumentsParam(encodeDocumentsParam([docs[0] ?? { url: '/a', title: '' }]))).toEqual({
      ok: false,
      reason: 'needTwo',
    });
  });
});
