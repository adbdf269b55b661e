import type { FastifyRequest } from 'fastify';
import { AppError } from '@obra/domain';
import type { AppServices } from '../services.ts';
import type { Actor } from '../auth/actor.ts';
import { credentialsFromHeaders, resolveActor } from '../auth/actor-resolver.ts';

/**
 * The caller of a REST route of a project module (drive, files, viewer, BIM, BCF files): a signed-in session or an
 * integration's access key, else UNAUTHENTICATED; with the policies in force accepted (NOT_ACCEPTED_POLICIES); and,
 * for a `write`, not the read-only demo account (FORBIDDEN_DEMO_MODE). The caller's language is kept on the request
 * for the error answer.
 */
export async function restActor(
  services: AppServices,
  req: FastifyRequest,
  options: { write?: boolean } = {},
): Promise<Actor> {
  const actor = await resolveActor(services, credentialsFromHeaders(req.headers));
  if (!actor) throw new AppError('UNAUTHENTICATED');
  (req as FastifyRequest & { obraUserLocale?: string | null }).obraUserLocale = actor.account.localeId;
  if (!actor.account.acceptedPolicies) throw new AppError('NOT_ACCEPTED_POLICIES');
  if (options.write && actor.account.isDemo) throw new AppError('FORBIDDEN_DEMO_MODE');
  return actor;
}

/** Obra's address as the client reached it (PUBLIC_URL when configured): the base of upload and file addresses. */
export function requestOrigin(services: AppServices, req: FastifyRequest): string {
  if (services.config.auth.publicUrlConfigured) return services.config.publicUrl;
  return `${req.protocol}://${req.host}`;
}
