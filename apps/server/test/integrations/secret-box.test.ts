// Credentials at rest: AES-256-GCM under a named key; keys rotate (the first seals, every key opens, a secret under
// an older key is marked for sealing again); a generated key in DATA_DIR/keys; INTEGRATIONS_KEYS validated.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadSecretBox, SecretBox } from '../../src/modules/integrations/secret-box.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';

const key = () => randomBytes(32);

describe('SecretBox', () => {
  it('seals with the current key, opens with any, and tells an old seal', () => {
    const oldKey = key();
    const old = new SecretBox([{ id: 'k1', key: oldKey }]);
    const sealed = old.seal('app-password');
    expect(sealed.keyId).toBe('k1');
    expect(sealed.secret).not.toContain('app-password');
    expect(old.seal('app-password').secret).not.toBe(sealed.secret); // a fresh IV each time
    const rotated = new SecretBox([
      { id: 'k2', key: key() },
      { id: 'k1', key: oldKey },
    ]);
    expect(rotated.open(sealed)).toBe('app-password');
    expect(rotated.needsReseal(sealed)).toBe(true);
    const resealed = rotated.seal(rotated.open(sealed));
    expect(resealed.keyId).toBe('k2');
    expect(rotated.needsReseal(resealed)).toBe(false);
  });

  it('refuses an altered secret, a secret moved to another key id, and an unknown key', () => {
    const box = new SecretBox([
      { id: 'a', key: key() },
      { id: 'b', key: key() },
    ]);
    const sealed = box.seal('secret');
    const [iv, tag, body] = sealed.secret.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      box.open({ keyId: 'a', secret: [iv, tag, flipped.toString('base64url')].join('.') }),
    ).toThrow();
    expect(() => box.open({ keyId: 'b', secret: sealed.secret })).toThrow();
    expect(() => box.open({ keyId: 'zz', secret: sealed.secret })).toThrow(/not configured/);
  });

  it('generates one key file in DATA_DIR/keys (owner-only) and keeps using it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-keys-'));
    try {
      const first = loadSecretBox({ keys: [], dataDir });
      const sealed = first.seal('x');
      const second = loadSecretBox({ keys: [], dataDir });
      expect(second.currentId).toBe(first.currentId);
      expect(second.open(sealed)).toBe('x');
      const files = fs.readdirSync(path.join(dataDir, 'keys'));
      expect(files).toEqual([`integrations-${first.currentId}.key`]);
      expect(fs.statSync(path.join(dataDir, 'keys', files[0]!)).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes INTEGRATIONS_KEYS (id:base64, the first seals) and validates it', () => {
    const a = key().toString('base64');
    const b = key().toString('base64');
    const config = loadConfig({ INTEGRATIONS_KEYS: `new:${a},old:${b}`, INTEGRATIONS_TIMEOUT_MS: '2000' });
    expect(config.integrations).toEqual({
      keys: [
        { id: 'new', key: a },
        { id: 'old', key: b },
      ],
      timeoutMs: 2000,
    });
    expect(loadSecretBox({ keys: config.integrations.keys, dataDir: '/nonexistent' }).currentId).toBe('new');
    for (const bad of ['nokey', `x:${randomBytes(16).toString('base64')}`, `a:${a},a:${b}`, `bad id:${a}`])
      expect(() => loadConfig({ INTEGRATIONS_KEYS: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ INTEGRATIONS_TIMEOUT_MS: '10' })).toThrow(ConfigError);
  });
});
