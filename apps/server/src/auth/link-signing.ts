import path from 'node:path';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyFileSecret } from '../storage/url-signer.ts';

/**
 * Signatures for links that travel in e-mails (an invitation's address, an unsubscribe link): an HMAC under a
 * random key generated once into `$DATA_DIR/keys/<key file>` (processes share it by sharing DATA_DIR). Each kind
 * of link signs under its own purpose, so a signature made for one kind never verifies as another.
 */
const secrets = new Map<string, Buffer>();

/** The key in `$DATA_DIR/keys/<keyFile>` (keyFileSecret), read once a process. */
function secretOf(dataDir: string, keyFile: string): Buffer {
  const file = path.join(dataDir, 'keys', keyFile);
  let secret = secrets.get(file);
  if (secret) return secret;
  secret = keyFileSecret(dataDir, keyFile);
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
