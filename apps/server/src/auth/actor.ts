import type { Account } from '../modules/identity/account.ts';

/** Who is calling: a signed-in person (session) or an integration using one of their access keys. */
export interface Actor {
  account: Account;
  via: 'session' | 'accessKey';
  /** The refresh-token family of a session; undefined for access keys. */
  sessionId: string | undefined;
  /** The public id of the access key of an integration (checked again by live subscriptions). */
  accessKeyId?: string;
}
