import {
  AppError,
  canInCompany,
  invitableCompanyRoles,
  isCompanyRole,
  isEmailValid,
  normalizeEmail,
} from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { renderEmail, roleLabel } from '../../mail/email-renderer.ts';
import { toAccount } from '../identity/account.ts';
import { companyPolicyActor, type Actor } from '../../auth/actor.ts';
import { loggedUser, present, type LoggedUserView } from '../identity/account-service.ts';
import {
  findCompanyById,
  findPendingInvite,
  insertCompany,
  insertInvite,
  listInvitesFor,
  listInvitesOf,
  lockInvite,
  rejectOtherInvites,
  renewInvite,
  setInviteStatus,
  type CompanyInviteRow,
  type InviteWithParties,
} from './company-repository.ts';
import { enqueueMail } from '../identity/identity-mail.ts';
import { findUserByEmail, findUserById, lockUserById, updateUser } from '../identity/user-repository.ts';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { signLink, verifyLink } from '../../auth/link-signing.ts';

const INVITE_DAYS = 14;

/** An invitation with who sent it. */
export type SentInvite = Pick<InviteWithParties, 'invite' | 'inviter'>;

/** What creating a company takes. */
export interface CompanyInput {
  name: string;
  website?: string | null | undefined;
  cnpj?: string | null | undefined;
}

/** Creates the user's company; the user becomes its administrator and their pending invitations are rejected. */
export async function createCompany(
  services: AppServices,
  actor: Actor,
  input: CompanyInput,
): Promise<LoggedUserView> {
  const name = input.name.trim();
  if (!name) throw new AppError('REQUIRED_FIELD', { field: 'name' });
  if (name.length > 120) throw new AppError('BAD_USER_INPUT', { field: 'name' });
  // The onboarding guard: the company step needs a completed profile (spec core §2).
  if (!actor.account.confirmedRegister) throw new AppError('INVALID_ACTION');
  const account = await unitOfWork(services, async (tx) => {
    const user = await lockUserById(tx, actor.account.id);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (user.companyId !== null) throw new AppError('USER_ALREADY_PARTICIPATES_COMPANY');
    const company = await insertCompany(tx, {
      name,
      website: input.website?.trim() || null,
      cnpj: input.cnpj?.trim() || null,
      ownerUserId: user.id,
    });
    if (!company) throw new AppError('DUPLICATED_COMPANY_NAME');
    await rejectOtherInvites(tx, user.email, undefined);
    return toAccount(await updateUser(tx, user.id, { companyId: company.id, companyRole: 'admin' }));
  });
  return present(services, account);
}

/** Open invitations addressed to the signed-in user's e-mail. */
export async function myInvites(services: AppServices, actor: Actor): Promise<InviteWithParties[]> {
  return listInvitesFor(services.database.db, actor.account.email);
}

/** Joins the inviting company with the invited role; every other open invitation is rejected. */
export async function acceptInvite(
  services: AppServices,
  actor: Actor,
  inviteId: number,
): Promise<LoggedUserView> {
  await unitOfWork(services, async (tx) => {
    const user = await lockUserById(tx, actor.account.id);
    if (!user) throw new AppError('UNAUTHENTICATED');
    const invite = await openInviteFor(tx, inviteId, user.email);
    if (user.companyId === invite.companyId) throw new AppError('ALREADY_IN_THIS_COMPANY');
    if (user.companyId !== null) throw new AppError('ALREADY_IN_ANOTHER_COMPANY');
    const company = await findCompanyById(tx, invite.companyId);
    if (!company?.isActive) throw new AppError('COMPANY_IS_NOT_ACTIVE');
    await setInviteStatus(tx, invite.id, 'accepted');
    await rejectOtherInvites(tx, user.email, invite.id);
    await updateUser(tx, user.id, { companyId: invite.companyId, companyRole: invite.role });
  });
  return loggedUser(services, actor);
}

/** Declines an invitation addressed to the signed-in user. */
export async function rejectInvite(services: AppServices, actor: Actor, inviteId: number): Promise<boolean> {
  await unitOfWork(services, async (tx) => {
    const invite = await openInviteFor(tx, inviteId, actor.account.email);
    await setInviteStatus(tx, invite.id, 'rejected');
  });
  return true;
}

async function openInviteFor(tx: Db, inviteId: number, email: string): Promise<CompanyInviteRow> {
  const invite = await lockInvite(tx, inviteId);
  // Someone else's invitation is "not found": ids must not confirm what exists.
  if (
    !invite ||
    invite.email !== email ||
    invite.status !== 'pending' ||
    invite.expiresAt.getTime() <= Date.now()
  ) {
    throw new AppError('INVITE_NOT_FOUND');
  }
  return invite;
}

// Invitations are the company's own act (docs/permissions.md "company.inviteMembers"): administrators and
// managers of the caller's company; platform-admin powers do not reach into a company the caller is not in.
function assertMayInvite(actor: Actor): number {
  const companyId = actor.account.companyId;
  if (
    companyId === null ||
    !canInCompany(companyPolicyActor(actor, { inOwnCompany: true }), 'company.inviteMembers')
  ) {
    throw new AppError('FORBIDDEN');
  }
  return companyId;
}

function mayInviteAs(actor: Actor, role: string): boolean {
  const roles: readonly string[] = invitableCompanyRoles(companyPolicyActor(actor, { inOwnCompany: true }));
  return roles.includes(role);
}

/** Invites a person to the caller's company and e-mails them, in one transaction. */
export async function inviteMember(
  services: AppServices,
  actor: Actor,
  emailInput: string,
  role: string,
): Promise<SentInvite> {
  const companyId = assertMayInvite(actor);
  if (!emailInput.trim()) throw new AppError('REQUIRED_FIELD', { field: 'email' });
  if (!isEmailValid(emailInput)) throw new AppError('BAD_USER_INPUT', { field: 'email' });
  if (!isCompanyRole(role)) throw new AppError('BAD_USER_INPUT', { field: 'role' });
  // Making someone an administrator is managing members: a manager may not hand out more than they have.
  if (!mayInviteAs(actor, role)) throw new AppError('FORBIDDEN');
  const email = normalizeEmail(emailInput);
  return unitOfWork(services, async (tx) => {
    const company = await findCompanyById(tx, companyId);
    if (!company?.isActive) throw new AppError('COMPANY_IS_NOT_ACTIVE');
    const invitee = await findUserByEmail(tx, email);
    if (invitee?.companyId === companyId) throw new AppError('ALREADY_IN_THIS_COMPANY');
    if (invitee && invitee.companyId !== null) throw new AppError('USER_ALREADY_PARTICIPATES_COMPANY');
    if (await findPendingInvite(tx, companyId, email)) throw new AppError('ALREADY_INVITED');
    const invite = await insertInvite(tx, {
      companyId,
      email,
      role,
      invitedByUserId: actor.account.id,
      expiresAt: inviteExpiry(),
    });
    const inviter = await mailInvite(
      services,
      tx,
      invite,
      company.name,
      actor,
      invitee?.localeId ?? actor.account.localeId,
    );
    return { invite, inviter };
  });
}

/** Sends an invitation again with a renewed expiry. */
export async function resendInvite(
  services: AppServices,
  actor: Actor,
  inviteId: number,
): Promise<SentInvite> {
  const companyId = assertMayInvite(actor);
  return unitOfWork(services, async (tx) => {
    const invite = await lockInvite(tx, inviteId);
    if (!invite || invite.companyId !== companyId || invite.status !== 'pending')
      throw new AppError('INVITE_NOT_FOUND');
    // Renewing an invitation is sending it again: the same roles as inviting.
    if (!mayInviteAs(actor, invite.role)) throw new AppError('FORBIDDEN');
    const company = await findCompanyById(tx, companyId);
    if (!company?.isActive) throw new AppError('COMPANY_IS_NOT_ACTIVE');
    const renewed = await renewInvite(tx, invite.id, inviteExpiry());
    const invitee = await findUserByEmail(tx, invite.email);
    const inviter = await mailInvite(
      services,
      tx,
      renewed,
      company.name,
      actor,
      invitee?.localeId ?? actor.account.localeId,
    );
    return { invite: renewed, inviter };
  });
}

/** The invitations of the caller's company (for those who may invite). */
export async function sentInvites(services: AppServices, actor: Actor): Promise<InviteWithParties[]> {
  return listInvitesOf(services.database.db, assertMayInvite(actor));
}

/** The link an invited person opens. */
export async function inviteLink(services: AppServices, actor: Actor, inviteId: number): Promise<string> {
  const companyId = assertMayInvite(actor);
  const invite = await lockInvite(services.database.db, inviteId);
  if (!invite || invite.companyId !== companyId) throw new AppError('INVITE_NOT_FOUND');
  return invitationUrl(services, invite);
}

const INVITE_LINK_PURPOSE = 'company-invite';

/**
 * The invitation's address: its id, the invited e-mail (the sign-in starts with it filled in) and a signature
 * of both, which lets the landing page name the inviting company before anyone signs in — ids alone are
 * guessable, so nothing is said about an invitation without the signature.
 */
function invitationUrl(services: AppServices, invite: Pick<CompanyInviteRow, 'id' | 'email'>): string {
  const token = signLink(services.config.dataDir, INVITE_LINK_PURPOSE, `${invite.id}.${invite.email}`);
  const query = new URLSearchParams({ inviteId: String(invite.id), email: invite.email, token });
  return `${services.config.publicUrl}/onboarding/company?${query.toString()}`;
}

/** What the landing page of an invitation link says before sign-in. */
export interface InvitationPreview {
  companyName: string;
  inviterName: string | null;
  role: string;
  expiresAt: Date;
}

/**
 * The open invitation a signed link names, for anyone holding the link (no sign-in): null when the signature is
 * not this deployment's for that id and address, or the invitation is no longer open — the answer never says
 * which, so it confirms nothing to someone guessing.
 */
export async function invitationPreview(
  services: AppServices,
  inviteId: number,
  emailInput: string,
  token: string,
): Promise<InvitationPreview | null> {
  const email = normalizeEmail(emailInput);
  if (!Number.isInteger(inviteId) || inviteId <= 0 || token.length > 100) return null;
  if (!verifyLink(services.config.dataDir, INVITE_LINK_PURPOSE, `${inviteId}.${email}`, token)) return null;
  const found = (await listInvitesFor(services.database.db, email)).find((row) => row.invite.id === inviteId);
  if (!found?.company.isActive) return null;
  const inviterName = found.inviter
    ? [found.inviter.name, found.inviter.lastName].filter(Boolean).join(' ') || null
    : null;
  return {
    companyName: found.company.name,
    inviterName,
    role: found.invite.role,
    expiresAt: found.invite.expiresAt,
  };
}

function inviteExpiry(): Date {
  return new Date(Date.now() + INVITE_DAYS * 86_400_000);
}

// Mails the invitation and returns the inviter as the invitation's view shows them.
async function mailInvite(
  services: AppServices,
  tx: Db,
  invite: CompanyInviteRow,
  companyName: string,
  actor: Actor,
  locale: string | null,
): Promise<SentInvite['inviter']> {
  const inviter = (await findUserById(tx, actor.account.id)) ?? undefined;
  const inviterName = [inviter?.name, inviter?.lastName].filter(Boolean).join(' ') || actor.account.email;
  await enqueueMail(
    services.jobs,
    tx,
    renderEmail({
      to: invite.email,
      locale,
      template: 'companyInvite',
      vars: {
        inviter: inviterName,
        company: companyName,
        role: roleLabel(locale, invite.role),
        // The e-mail's own address rides along: the sign-in the link leads to starts with it filled in.
        link: invitationUrl(services, invite),
        expiresAt: invite.expiresAt.toISOString().slice(0, 10),
      },
    }),
  );
  return inviter
    ? {
        id: inviter.id,
        name: inviter.name,
        lastName: inviter.lastName,
        email: inviter.email,
        photo: inviter.photo,
      }
    : null;
}
