import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { resolveActor, credentialsFromHeaders } from '../../auth/actor-resolver.ts';
import { enforceRateLimit, type RateBucket } from '../../auth/rate-limit-rules.ts';
import type { Actor } from '../../auth/actor.ts';
import { newPassword, optionalText, requiredEmail, requiredText } from '../../modules/identity/auth-input.ts';
import {
  changePassword,
  confirmForgotPassword,
  forgotPassword,
} from '../../modules/identity/password-service.ts';
import { closeSession, refreshSession } from '../../modules/identity/session-service.ts';
import { signIn } from '../../modules/identity/sign-in-service.ts';
import { confirmSignUp, resendCode, signUp, signUpLocale } from '../../modules/identity/sign-up-service.ts';
import { clearRefreshCookie, presentedRefreshToken, sendTokens } from '../auth-cookies.ts';
import { requestLocale } from '../request-locale.ts';
import { AUTH_ROUTES } from '../openapi-platform.ts';

/** The user pool's REST endpoints under /auth (issue 3; docs/api.md). */
export function registerAuthRoutes(app: FastifyInstance, services: AppServices): void {
  const limit = (bucket: RateBucket, req: FastifyRequest, account?: string): Promise<void> =>
    enforceRateLimit(
      services.auth.rateLimiter,
      services.config.auth.rateLimitMultiplier,
      bucket,
      req.ip,
      account,
    );

  app.post('/auth/sign-up', AUTH_ROUTES.signUp, async (req, reply) => {
    const email = requiredEmail(req.body);
    await limit('signUp', req, email);
    const input = {
      email,
      password: newPassword(req.body, 'password'),
      name: requiredText(req.body, 'name', 100),
      lastName: requiredText(req.body, 'lastName', 100),
      locale: signUpLocale(optionalText(req.body, 'localeId'), requestLocale(req.headers)),
    };
    return reply.status(201).send({ userConfirmed: false, codeDelivery: await signUp(services, input) });
  });

  app.post('/auth/confirm-sign-up', AUTH_ROUTES.confirmSignUp, async (req) => {
    const email = requiredEmail(req.body);
    await limit('code', req, email);
    await confirmSignUp(services, email, requiredText(req.body, 'code', 20).trim());
    return { userConfirmed: true };
  });

  app.post('/auth/resend-code', AUTH_ROUTES.resendCode, async (req) => {
    const email = requiredEmail(req.body);
    await limit('code', req, email);
    return { codeDelivery: await resendCode(services, email) };
  });

  app.post('/auth/sign-in', AUTH_ROUTES.signIn, async (req, reply) => {
    const email = requiredEmail(req.body);
    await limit('signIn', req, email);
    const tokens = await signIn(services, email, requiredText(req.body, 'password', 256));
    return sendTokens(services.config, req, reply, tokens);
  });

  app.post('/auth/refresh', AUTH_ROUTES.refresh, async (req, reply) => {
    await limit('refresh', req);
    const token = presentedRefreshToken(req);
    if (!token) throw new AppError('NotAuthorizedException');
    try {
      return sendTokens(services.config, req, reply, await refreshSession(services, token));
    } catch (error) {
      clearRefreshCookie(services.config, reply);
      throw error;
    }
  });

  app.post('/auth/sign-out', AUTH_ROUTES.signOut, async (req, reply) => {
    const token = presentedRefreshToken(req);
    if (token) await closeSession(services, token);
    clearRefreshCookie(services.config, reply);
    return reply.status(204).send();
  });

  app.post('/auth/forgot-password', AUTH_ROUTES.forgotPassword, async (req, reply) => {
    const email = requiredEmail(req.body);
    await limit('passwordReset', req, email);
    await forgotPassword(services, email);
    return reply.status(204).send();
  });

  app.post('/auth/confirm-forgot-password', AUTH_ROUTES.confirmForgotPassword, async (req, reply) => {
    const email = requiredEmail(req.body);
    await limit('passwordReset', req, email);
    const code = requiredText(req.body, 'code', 20).trim();
    await confirmForgotPassword(services, email, code, newPassword(req.body, 'newPassword'));
    clearRefreshCookie(services.config, reply);
    return reply.status(204).send();
  });

  app.post('/auth/change-password', AUTH_ROUTES.changePassword, async (req, reply) => {
    const actor = await bearerActor(services, req);
    await limit('signIn', req, actor.account.email);
    const oldPassword = requiredText(req.body, 'oldPassword', 256);
    await changePassword(services, actor, oldPassword, newPassword(req.body, 'newPassword'));
    return reply.status(204).send();
  });
}

/** The signed-in person of a REST call (bearer sessions only); UNAUTHENTICATED otherwise. */
export async function bearerActor(services: AppServices, req: FastifyRequest): Promise<Actor> {
  const actor = await resolveActor(services, {
    authorization: credentialsFromHeaders(req.headers).authorization,
  });
  if (!actor || actor.via !== 'session') throw new AppError('UNAUTHENTICATED');
  (req as FastifyRequest & { obraUserLocale?: string | null }).obraUserLocale = actor.account.localeId;
  return actor;
}
