import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signatures for links that travel in e-mails (an invitation's address, an unsubscribe link): an HMAC under a
 * random key generated once into `$DATA_DIR/keys/<key file>` (processes share it by sharing DATA_DIR). Each kind
 * of link signs under its own purpose, so a signature made for one kind never verifies as another.
 */
const secrets = new Map<string, Buffer>();

/** The key in `$DATA_DIR/keys/<keyFile>`, written on first use (the first process to write it wins). */
function secretOf(dataDir: string, keyFile: string): Buffer {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, keyFile);
  let secret = secrets.get(file);
  if (secret) return secret;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  secrets.set(file, secret);
  return secret;
}

/** Signs and verifies links under the key file `keyFile` (one per area whose links must not share a key). */
export function linkSigner(keyFile: string) {
  /** The signature of `body` for `purpose` (base64url, 43 characters). */
  function sign(dataDir: string, purpose: string, body: string): string {
    return createHmac('sha256', secretOf(dataDir, keyFile)).update(`${purpose}:${body}`).digest('base64url');
  }
  /** Whether `signature` is this deployment's signature of `body` for `purpose` (in constant time). */
  function verify(dataDir: string, purpose: string, body: string, signature: string): boolean {
    const expected = Buffer.from(sign(dataDir, purpose, body));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
  return { sign, verify };
}

const links = linkSigner('links-signing.key');

/** The signature of `body` for `purpose` under the links key (base64url, 43 characters). */
export const signLink = links.sign;

/** Whether `signature` is this deployment's signature of `body` for `purpose` under the links key. */
export const verifyLink = links.verify;
