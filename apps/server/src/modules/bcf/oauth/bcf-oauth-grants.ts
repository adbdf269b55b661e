import { AppError } from '@obra/domain';
import type { Db } from '../../../db/database.ts';
import { sha256 } from '../../../auth/secrets.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import type { AppServices } from '../../../services.ts';
import {
  clientPayloads,
  deleteOauthGrants,
  deleteOauthRecordsOfGrants,
  lastTokenIssuedByGrant,
  liveGrantPayloads,
} from './bcf-oauth-repository.ts';

/** An application a person allowed (one entry per client, however many grants it holds). */
export interface ConnectedApplication {
  clientId: string;
  clientName: string | null;
  /** When the person first allowed it (its oldest live grant). */
  grantedAt: string;
  /** When it last got a token (an access token, or a refresh), or null. */
  lastUsedAt: string | null;
}

const seconds = (value: unknown) => (typeof value === 'number' ? new Date(value * 1000).toISOString() : null);

/** The live grants of a person (oidc-provider's Grant records: `accountId` is the user's id). */
async function grantsOf(
  db: Db,
  userId: number,
  clientId?: string,
): Promise<{ grantId: string; clientId: string; iat: unknown }[]> {
  const payloads = await liveGrantPayloads(db, userId, clientId);
  return payloads
    .map((p) => p as { jti?: unknown; clientId?: unknown; iat?: unknown })
    .filter((p): p is { jti: string; clientId: string; iat: unknown } => typeof p.jti === 'string')
    .map((p) => ({ grantId: p.jti, clientId: String(p.clientId), iat: p.iat }));
}

/**
 * The BCF applications a person allowed (account settings, "Connected applications"): the client's name, when
 * it was allowed, and when it last got a token (tokens are stored per grant; the last one issued says when).
 */
export async function listConnectedApplications(db: Db, userId: number): Promise<ConnectedApplication[]> {
  const grants = await grantsOf(db, userId);
  if (grants.length === 0) return [];
  const clientIds = [...new Set(grants.map((g) => g.clientId))];
  const [clients, used] = await Promise.all([
    clientPayloads(db, clientIds.map(sha256)),
    lastTokenIssuedByGrant(
      db,
      grants.map((g) => g.grantId),
    ),
  ]);
  const names = new Map(
    clients.map((c) => {
      const payload = c as { client_id?: unknown; client_name?: unknown };
      return [
        String(payload.client_id),
        typeof payload.client_name === 'string' ? payload.client_name : null,
      ];
    }),
  );
  const lastOf = new Map(used.map((u) => [u.grantId, u.last === null ? null : Number(u.last)]));
  return clientIds
    .map((clientId) => {
      const own = grants.filter((g) => g.clientId === clientId);
      const granted = Math.min(...own.map((g) => (typeof g.iat === 'number' ? g.iat : Infinity)));
      const lasts = own.map((g) => lastOf.get(g.grantId)).filter((v): v is number => typeof v === 'number');
      return {
        clientId,
        clientName: names.get(clientId) ?? null,
        grantedAt: seconds(Number.isFinite(granted) ? granted : undefined) ?? new Date(0).toISOString(),
        lastUsedAt: lasts.length > 0 ? seconds(Math.max(...lasts)) : null,
      };
    })
    .sort((a, b) => b.grantedAt.localeCompare(a.grantedAt) || a.clientId.localeCompare(b.clientId));
}

/**
 * Revokes every grant a person gave an application: its grants, and the access tokens, refresh tokens and codes
 * issued under them, are deleted in one transaction (the application's tokens stop working at once).
 * NOT_FOUND when the person allowed no such application.
 */
export async function revokeConnectedApplication(
  services: AppServices,
  userId: number,
  clientId: string,
): Promise<void> {
  const grants = await grantsOf(services.database.db, userId, clientId);
  if (grants.length === 0) throw new AppError('NOT_FOUND');
  const ids = grants.map((g) => g.grantId);
  await unitOfWork(services, async (tx) => {
    await deleteOauthRecordsOfGrants(tx, ids);
    await deleteOauthGrants(tx, ids.map(sha256));
  });
}
