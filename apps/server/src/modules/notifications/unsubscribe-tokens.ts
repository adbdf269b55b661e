import { linkSigner } from '../../auth/link-signing.ts';

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
 * Unsubscribe links are signed under their own key, `$DATA_DIR/keys/notifications-signing.key` (like the other
 * keys; processes share it by sharing DATA_DIR).
 */
const unsubscribeLinks = linkSigner('notifications-signing.key');

/** A token for one user's one setting (it does not expire: old e-mails keep a working link). */
export function signUnsubscribe(dataDir: string, claim: UnsubscribeClaim): string {
  const body = `${claim.userId}.${claim.setting}`;
  return `${body}.${unsubscribeLinks.sign(dataDir, 'unsubscribe', body)}`;
}

/** The claim of a token, or undefined when it is malformed or not signed by this deployment. */
export function verifyUnsubscribe(dataDir: string, token: string): UnsubscribeClaim | undefined {
  const [user, setting, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !user || !setting || !signature || !/^\d{1,10}$/.test(user)) return undefined;
  if (!(UNSUBSCRIBE_SETTINGS as readonly string[]).includes(setting)) return undefined;
  if (!unsubscribeLinks.verify(dataDir, 'unsubscribe', `${user}.${setting}`, signature)) return undefined;
  return { userId: Number(user), setting: setting as UnsubscribeSetting };
}
