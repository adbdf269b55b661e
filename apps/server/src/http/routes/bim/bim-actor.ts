import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../../../services.ts';
import type { Actor } from '../../../auth/actor.ts';
import { restActor } from '../../rest-actor.ts';

/** The caller of a BIM route (a signed-in user or an access key); `write` refuses the demo account. */
export function bimActor(services: AppServices, req: FastifyRequest, write = false): Promise<Actor> {
  return restActor(services, req, { write });
}
