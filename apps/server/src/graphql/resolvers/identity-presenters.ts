import { emailDomain } from '@obra/domain';
import type { LoggedUserView } from '../../modules/identity/account-service.ts';
import type { AccessKeyView } from '../../modules/identity/access-key-service.ts';
import type { InviteWithParties } from '../../modules/companies/company-repository.ts';
import type { CompanyInviteRow } from '../../modules/companies/company-repository.ts';
import type {
  AccessKey,
  CompanyMemberInvite,
  LoggedUser,
  SentCompanyMemberInvite,
} from '../generated/resolvers-types.ts';

/** The LoggedUser API type of spec core §3. */
export function presentLoggedUser(view: LoggedUserView): LoggedUser {
  const a = view.account;
  const c = view.company;
  return {
    id: a.id,
    name: a.name,
    lastName: a.lastName,
    email: a.email,
    firstPhone: a.firstPhone,
    phone: a.firstPhone,
    linkedin: a.linkedin,
    photo: a.photo,
    createdAt: a.createdAt,
    localeId: a.localeId,
    isAdmin: a.isAdmin,
    isDemo: a.isDemo,
    acceptedPolicies: a.acceptedPolicies,
    confirmedRegister: a.confirmedRegister,
    companyId: a.companyId,
    hasAiAssistant: a.hasAiAssistant,
    aiDisclaimerAccepted: a.aiDisclaimerAccepted,
    company: c
      ? {
          id: c.row.id,
          name: c.row.name,
          logo: c.row.logo,
          customization: c.row.customization,
          amountProjects: c.amountProjects,
          role: c.role,
        }
      : null,
  };
}

/** An invitation as the invited person sees it. */
export function presentReceivedInvite(item: InviteWithParties): CompanyMemberInvite {
  return {
    id: item.invite.id,
    role: item.invite.role,
    createdAt: item.invite.createdAt,
    expiresAt: item.invite.expiresAt,
    company: {
      id: item.company.id,
      name: item.company.name,
      logo: item.company.logo,
      ownerEmailDomain: item.ownerEmail ? (emailDomain(item.ownerEmail) ?? null) : null,
    },
    invitedBy: item.inviter,
  };
}

/** An invitation as its company's administrators see it. */
export function presentSentInvite(
  invite: CompanyInviteRow,
  inviter: InviteWithParties['inviter'],
): SentCompanyMemberInvite {
  const expired = invite.status === 'pending' && invite.expiresAt.getTime() <= Date.now();
  return {
    id: invite.id,
    email: invite.email,
    role: invite.role,
    status: expired ? 'expired' : invite.status,
    invitedBy: inviter,
    createdAt: invite.createdAt,
    expiresAt: invite.expiresAt,
  };
}

/** An access key without its secret. */
export function presentAccessKey(key: AccessKeyView): AccessKey {
  return { ...key };
}
