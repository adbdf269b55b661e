import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressAnswer, pickEncoding } from '../src/http/compress-answer.ts';

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5, identity', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'gzip'],
    ['deflate', undefined],
    ['', undefined],
    [undefined, undefined],
    [['gzip', 'br'], 'br'],
  ] as const)('%j → %s', (header, expected) => {
    expect(pickEncoding(header as string | string[] | undefined)).toBe(expected);
  });
});

describe('compressAnswer', () => {
  const json = (n: number) =>
    Buffer.from(JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i, title: `Issue ${i}` }))));

  it('leaves an answer under 1 kB as it is', async () => {
    const body = Buffer.from('{"data":{"apiVersion":"1"}}');
    expect(await compressAnswer(body, 'br')).toEqual({ body, encoding: undefined });
  });

  it('compresses a small answer on the spot and a large one in the thread pool, both decodable', async () => {
    for (const body of [json(100), json(20_000)]) {
      const br = await compressAnswer(body, 'gzip, br');
      expect(br.encoding).toBe('br');
      expect(br.body.length).toBeLessThan(body.length);
      expect(zlib.brotliDecompressSync(br.body).equals(body)).toBe(true);
      const gz = await compressAnswer(body, 'gzip');
      expect(gz.encoding).toBe('gzip');
      expect(zlib.gunzipSync(gz.body).equals(body)).toBe(true);
    }
    expect(json(20_000).length).toBeGreaterThan(64 * 1024);
  });

  it('sends the bytes as they are to a client that accepts no encoding it knows', async () => {
    const body = json(100);
    expect(await compressAnswer(body, 'deflate')).toEqual({ body, encoding: undefined });
  });
});
