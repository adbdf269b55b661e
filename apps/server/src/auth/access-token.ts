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

/** Creates the access-token issuer for a key pair and lifetime. */
export function createAccessTokens(keys: SigningKeys, ttlSeconds: number): AccessTokens {
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
        return { userId, sessionId: payload.sid, issuedAt: new Date(payload.iat * 1000) };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
