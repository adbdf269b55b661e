import type { AppServices } from '../services.ts';
import { toAccount } from '../modules/identity/account.ts';
import type { Actor } from './actor.ts';
import { authenticateAccessKey } from '../modules/identity/access-key-service.ts';
import { findSessionUser } from '../modules/identity/refresh-token-repository.ts';
import { findUserById } from '../modules/identity/user-repository.ts';
import { noteRequestCaller } from '../lib/request-caller.ts';

/** The credentials a request may carry. */
export interface Credentials {
  /** The Authorization header (HTTP) or connectionParams.authorization (websocket). */
  authorization?: string | undefined;
  /** Alternative headers for access keys, for tools that cannot send Basic authorization. */
  accessKeyId?: string | undefined;
  accessKeySecret?: string | undefined;
}

/**
 * Who is calling, or undefined for an anonymous or invalid credential. Bearer tokens must be valid JWTs of a
 * session that is still open (sign-out, refresh reuse and password changes close sessions at once, not at
 * token expiry) and of a user whose e-mail is confirmed. Basic credentials are an access key and its secret.
 */
export async function resolveActor(
  services: AppServices,
  credentials: Credentials,
): Promise<Actor | undefined> {
  const actor = await actorOf(services, credentials);
  // The request's writes are this person's (read-your-writes with read replicas: db/read-replicas.ts).
  if (actor) noteRequestCaller(actor.account.id);
  return actor;
}

async function actorOf(services: AppServices, credentials: Credentials): Promise<Actor | undefined> {
  const header = credentials.authorization?.trim() ?? '';
  const [scheme = '', value = ''] = header.split(/\s+/, 2);
  if (scheme.toLowerCase() === 'bearer' && value) return fromBearer(services, value);
  if (scheme.toLowerCase() === 'basic' && value) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) return undefined;
    return fromAccessKey(services, decoded.slice(0, colon), decoded.slice(colon + 1));
  }
  if (credentials.accessKeyId && credentials.accessKeySecret) {
    return fromAccessKey(services, credentials.accessKeyId, credentials.accessKeySecret);
  }
  return undefined;
}

async function fromBearer(services: AppServices, token: string): Promise<Actor | undefined> {
  const claims = await services.auth.accessTokens.verify(token);
  if (!claims) return undefined;
  // The token is verified every time; whether its session is open, and its user, come from the last two seconds'
  // check when there is one (session-cache.ts says what forgets it).
  const sessions = services.auth.sessions;
  const cached = sessions.get(claims.userId, claims.sessionId);
  if (cached) return { account: toAccount(cached), via: 'session', sessionId: claims.sessionId };
  const generation = sessions.generation(claims.userId);
  const found = await findSessionUser(services.database.db, claims.userId, claims.sessionId);
  if (!found?.open || found.user.emailConfirmedAt === null) return undefined;
  sessions.set(claims.userId, claims.sessionId, found.user, generation);
  return { account: toAccount(found.user), via: 'session', sessionId: claims.sessionId };
}

async function fromAccessKey(
  services: AppServices,
  keyId: string,
  secret: string,
): Promise<Actor | undefined> {
  if (keyId.length > 100 || secret.length > 200) return undefined;
  const userId = await authenticateAccessKey(services, keyId, secret);
  if (userId === undefined) return undefined;
  const user = await findUserById(services.database.db, userId);
  if (!user || user.emailConfirmedAt === null) return undefined;
  return { account: toAccount(user), via: 'accessKey', sessionId: undefined, accessKeyId: keyId };
}

/** The credentials of an HTTP request's headers. */
export function credentialsFromHeaders(headers: Record<string, string | string[] | undefined>): Credentials {
  const one = (name: string): string | undefined => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  return {
    authorization: one('authorization'),
    accessKeyId: one('x-access-key-id'),
    accessKeySecret: one('x-access-key-secret'),
  };
}
