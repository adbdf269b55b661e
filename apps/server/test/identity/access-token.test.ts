import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateKeyPair, SignJWT } from 'jose';
import { createAccessTokens } from '../../src/auth/access-token.ts';
import type { SigningKeys } from '../../src/auth/token-keys.ts';

async function keys(): Promise<SigningKeys> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  return { alg: 'ES256', kid: 'test', privateKey, publicKey };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('access tokens', () => {
  it('check a token signature once, then remember the verified token', async () => {
    const tokens = createAccessTokens(await keys(), 60);
    const token = await tokens.issue(7, 'session-a');
    const checks = vi.spyOn(globalThis.crypto.subtle, 'verify');
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ userId: 7, sessionId: 'session-a' });
    expect(checks).toHaveBeenCalledTimes(1);
    expect(await tokens.verify(token)).toEqual(first);
    expect(await tokens.verify(token)).toEqual(first);
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('refuse a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00.000Z'));
    const tokens = createAccessTokens(await keys(), 60);
    const token = await tokens.issue(7, 'session-a');
    expect(await tokens.verify(token)).toMatchObject({ userId: 7 });
    vi.setSystemTime(new Date('2026-11-24T10:00:59.900Z'));
    expect(await tokens.verify(token)).toMatchObject({ userId: 7 });
    vi.setSystemTime(new Date('2026-11-24T10:01:00.000Z'));
    expect(await tokens.verify(token)).toBeUndefined();
    // Forgotten once refused: the signature is checked again, and the token is still expired.
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('never remember a token that failed: forged, of another key, or not ours', async () => {
    const tokens = createAccessTokens(await keys(), 60);
    const other = createAccessTokens(await keys(), 60);
    const foreign = await other.issue(7, 'session-a');
    const checks = vi.spyOn(globalThis.crypto.subtle, 'verify');
    expect(await tokens.verify(foreign)).toBeUndefined();
    expect(await tokens.verify(foreign)).toBeUndefined();
    expect(checks).toHaveBeenCalledTimes(2);
    const good = await tokens.issue(7, 'session-a');
    const [header, payload] = good.split('.');
    const tampered = `${header}.${payload}.${'A'.repeat(86)}`;
    expect(await tokens.verify(tampered)).toBeUndefined();
    const { privateKey } = await generateKeyPair('ES256');
    const wrongAudience = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setSubject('7')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(privateKey);
    expect(await tokens.verify(wrongAudience)).toBeUndefined();
    expect(await tokens.verify('not a token')).toBeUndefined();
  });
});
