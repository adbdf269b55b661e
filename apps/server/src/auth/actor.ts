import type { Actor as PolicyActor, CompanyRoleKey } from '@obra/domain';
import type { Account } from '../modules/identity/account.ts';

/** Who is calling: a signed-in person (session) or an integration using one of their access keys. */
export interface Actor {
  account: Account;
  via: 'session' | 'accessKey';
  /** The refresh-token family of a session; undefined for access keys. */
  sessionId: string | undefined;
  /** The public id of the access key of an integration (checked again by live subscriptions). */
  accessKeyId?: string;
}

/**
 * The caller as the company policies see them. `inOwnCompany` drops platform-admin powers: company pages act
 * only on the caller's own standing in their company (platform admins use the admin area instead).
 */
export function companyPolicyActor(actor: Actor, options: { inOwnCompany?: boolean } = {}): PolicyActor {
  return {
    isAdmin: options.inOwnCompany ? false : actor.account.isAdmin,
    companyRole: (actor.account.companyRole ?? null) as CompanyRoleKey | null,
    projectRole: null,
  };
}

/**
 * The caller as the company policies see them acting on a given company: their role counts only in their own
 * company; platform-admin powers (the admin area) count in any.
 */
export function companyPolicyActorFor(actor: Actor, companyId: number): PolicyActor {
  return {
    isAdmin: actor.account.isAdmin,
    companyRole:
      actor.account.companyId === companyId
        ? ((actor.account.companyRole ?? null) as CompanyRoleKey | null)
        : null,
    projectRole: null,
  };
}
