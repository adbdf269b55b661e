import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { SessionTokens } from '../modules/identity/session-service.ts';
import { flag } from '../modules/identity/auth-input.ts';

/** Name of the refresh-token cookie. */
export const REFRESH_COOKIE = 'obra_refresh';

/** What sign-in, refresh and the federated exchange answer. */
export interface TokenResponse {
  accessToken: string;
  expiresIn: number;
  refreshToken?: string;
}

/**
 * Puts the refresh token in an httpOnly, SameSite=Strict cookie scoped to /auth (scripts cannot read it, other
 * sites cannot send it, and no other path receives it), and in the body only for clients that ask for it.
 */
export function sendTokens(
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  tokens: SessionTokens,
): TokenResponse {
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.auth.cookieSecure,
    path: '/auth',
    expires: tokens.refreshExpiresAt,
  });
  reply.header('cache-control', 'no-store');
  const body: TokenResponse = { accessToken: tokens.accessToken, expiresIn: tokens.expiresIn };
  if (flag(req.body, 'tokenInBody')) body.refreshToken = tokens.refreshToken;
  return body;
}

/** Removes the refresh-token cookie. */
export function clearRefreshCookie(config: Config, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: '/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.auth.cookieSecure,
  });
}

/** The refresh token of a request: the body's `refreshToken` (non-browser clients) or the cookie. */
export function presentedRefreshToken(req: FastifyRequest): string | undefined {
  const body = req.body;
  const fromBody =
    body && typeof body === 'object' ? (body as Record<string, unknown>)['refreshToken'] : undefined;
  if (typeof fromBody === 'string' && fromBody.length > 0 && fromBody.length < 200) return fromBody;
  const cookie = req.cookies[REFRESH_COOKIE];
  return cookie && cookie.length < 200 ? cookie : undefined;
}
