import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The settings an e-mail can be unsubscribed from: each e-mail names its own. */
export const UNSUBSCRIBE_SETTINGS = [
  'issueEmails',
  'pendingSummary',
  'immediateMention',
  'immediateAssigned',
  'immediateComment',
] as const;
/** A setting an unsubscribe link turns off. */
export type UnsubscribeSetting = (typeof UNSUBSCRIBE_SETTINGS)[number];

/** What a valid token says: whose setting to turn off. */
export interface UnsubscribeClaim {
  userId: number;
  setting: UnsubscribeSetting;
}

/**
 * The secret of the unsubscribe links: a random one generated once into `$DATA_DIR/keys/notifications-signing.key`
 * (like the other keys; processes share it by sharing DATA_DIR).
 */
export function loadUnsubscribeSecret(dataDir: string): Buffer {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'notifications-signing.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
}

const secrets = new Map<string, Buffer>();
function secretOf(dataDir: string): Buffer {
  let secret = secrets.get(dataDir);
  if (!secret) {
    secret = loadUnsubscribeSecret(dataDir);
    secrets.set(dataDir, secret);
  }
  return secret;
}

function mac(secret: Buffer, body: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');
}

/** A token for one user's one setting (it does not expire: old e-mails keep a working link). */
export function signUnsubscribe(dataDir: string, claim: UnsubscribeClaim): string {
  const body = `${claim.userId}.${claim.setting}`;
  return `${body}.${mac(secretOf(dataDir), body)}`;
}

/** The claim of a token, or undefined when it is malformed or not signed by this deployment. */
export function verifyUnsubscribe(dataDir: string, token: string): UnsubscribeClaim | undefined {
  const [user, setting, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !user || !setting || !signature || !/^\d{1,10}$/.test(user)) return undefined;
  if (!(UNSUBSCRIBE_SETTINGS as readonly string[]).includes(setting)) return undefined;
  const expected = Buffer.from(mac(secretOf(dataDir), `${user}.${setting}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { userId: Number(user), setting: setting as UnsubscribeSetting };
}
