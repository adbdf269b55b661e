import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signatures for links that travel in e-mails (an invitation's address): an HMAC under a random key generated
 * once into `$DATA_DIR/keys/links-signing.key` (processes share it by sharing DATA_DIR). Each kind of link signs
 * under its own purpose, so a signature made for one kind never verifies as another.
 */
const secrets = new Map<string, Buffer>();

function secretOf(dataDir: string): Buffer {
  let secret = secrets.get(dataDir);
  if (secret) return secret;
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'links-signing.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  secrets.set(dataDir, secret);
  return secret;
}

/** The signature of `body` for `purpose` (base64url, 43 characters). */
export function signLink(dataDir: string, purpose: string, body: string): string {
  return createHmac('sha256', secretOf(dataDir)).update(`${purpose}:${body}`).digest('base64url');
}

/** Whether `signature` is this deployment's signature of `body` for `purpose` (in constant time). */
export function verifyLink(dataDir: string, purpose: string, body: string, signature: string): boolean {
  const expected = Buffer.from(signLink(dataDir, purpose, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
