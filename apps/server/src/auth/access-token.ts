import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { SigningKeys } from './token-keys.ts';

const ISSUER = 'obra';
const AUDIENCE = 'obra-api';

/** What an access token says about its holder. */
export interface AccessTokenClaims {
  userId: number;
  /** Refresh-token family (the session) the token was issued for. */
  sessionId: string;
  issuedAt: Date;
}

/** Issues and checks short-lived access tokens (JWT, ES256). */
export interface AccessTokens {
  readonly ttlSeconds: number;
  issue(userId: number, sessionId: string): Promise<string>;
  /** The claims of a valid token; undefined when the token is malformed, forged, expired or not ours. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

/** How many verified tokens are remembered (about 5 MB at most). */
const VERIFIED_TOKENS = 10_000;

/**
 * Creates the access-token issuer for a key pair and lifetime. A token that verified is remembered until it
 * expires, so a client's following calls skip the signature check (WebCrypto costs most of a millisecond of the
 * main thread per call); only its expiry is checked again. What can end a session earlier (sign-out, password
 * change, refresh-token reuse) is checked on every call anyway, against the session in the database.
 */
export function createAccessTokens(keys: SigningKeys, ttlSeconds: number): AccessTokens {
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  const remember = (token: string, claims: AccessTokenClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_TOKENS) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { claims, expiresAt });
  };
  return {
    ttlSeconds,
    async issue(userId, sessionId) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: keys.alg, kid: keys.kid, typ: 'at+jwt' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(keys.privateKey);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // As jose checks `exp`: valid while the current second is before it.
        if (Math.floor(Date.now() / 1000) < known.expiresAt) return known.claims;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, keys.publicKey, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: [keys.alg],
          typ: 'at+jwt',
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.iat !== 'number')
          return undefined;
        const claims = { userId, sessionId: payload.sid, issuedAt: new Date(payload.iat * 1000) };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
