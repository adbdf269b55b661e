import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createAccessTokens, type AccessTokens } from './access-token.ts';
import { createPasswordHasher, type PasswordHasher } from './password-hasher.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { loadSigningKeys } from './token-keys.ts';
import { createOidcClients, type OidcClients } from './oidc-clients.ts';
import {
  createSessionCache,
  dropSessionCache,
  type SessionCache,
} from '../modules/identity/session-cache.ts';

/** The process-wide parts of authentication, created once at start-up. */
export interface AuthRuntime {
  readonly hasher: PasswordHasher;
  readonly accessTokens: AccessTokens;
  readonly rateLimiter: RateLimiter;
  readonly oidc: OidcClients;
  /** The sessions this process checked in the last two seconds (modules/identity/session-cache.ts). */
  readonly sessions: SessionCache;
  close(): Promise<void>;
}

/** Loads or creates the signing keys and prepares hashing and rate limiting. */
export async function createAuthRuntime(config: Config, logger: Logger): Promise<AuthRuntime> {
  const keys = await loadSigningKeys({
    privatePem: config.auth.jwtPrivateKey,
    publicPem: config.auth.jwtPublicKey,
    dataDir: config.dataDir,
  });
  const hasher = await createPasswordHasher();
  const rateLimiter = createRateLimiter(config.redisUrl, logger);
  const sessions = createSessionCache(config.auth.sessionCacheMs);
  return {
    hasher,
    accessTokens: createAccessTokens(keys, config.auth.accessTokenTtlSeconds),
    rateLimiter,
    oidc: createOidcClients(config),
    sessions,
    close: () => {
      dropSessionCache(sessions);
      return rateLimiter.close();
    },
  };
}
