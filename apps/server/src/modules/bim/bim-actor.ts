import type { FastifyRequest } from 'fastify';
import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { credentialsFromHeaders, resolveActor } from '../../auth/actor-resolver.ts';

/** The caller of a BIM route (a signed-in user or an access key); `write` refuses the demo account. */
export async function bimActor(services: AppServices, req: FastifyRequest, write = false): Promise<Actor> {
  const actor = await resolveActor(services, credentialsFromHeaders(req.headers));
  if (!actor) throw new AppError('UNAUTHENTICATED');
  (req as FastifyRequest & { obraUserLocale?: string | null }).obraUserLocale = actor.account.localeId;
  if (!actor.account.acceptedPolicies) throw new AppError('NOT_ACCEPTED_POLICIES');
  if (write && actor.account.isDemo) throw new AppError('FORBIDDEN_DEMO_MODE');
  return actor;
}
