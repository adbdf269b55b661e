import {
  acceptAiDisclaimer,
  acceptPolicies,
  loggedUser,
  updateProfile,
} from '../../modules/identity/account-service.ts';
import { accessKeysOf, createAccessKey, revokeKey } from '../../modules/identity/access-key-service.ts';
import { CURRENT_POLICIES } from '../../modules/identity/account.ts';
import {
  acceptInvite,
  createCompany,
  inviteLink,
  invitationPreview,
  inviteMember,
  myInvites,
  rejectInvite,
  resendInvite,
  sentInvites,
  type SentInvite,
} from '../../modules/companies/company-service.ts';
import { requestDemo } from '../../modules/identity/demo-request-service.ts';
import { enforceRateLimit } from '../../auth/rate-limit-rules.ts';
import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  presentAccessKey,
  presentLoggedUser,
  presentReceivedInvite,
  presentSentInvite,
} from './identity-presenters.ts';

const present = (sent: SentInvite) => presentSentInvite(sent.invite, sent.inviter);

/** Identity, onboarding and account settings (issue 3). Thin: parse, call one service, present. */
export const identityResolvers: Resolvers = {
  Query: {
    loggedUserData: async (_r, _a, ctx) =>
      presentLoggedUser(await loggedUser(ctx.services, requireActor(ctx))),
    requestDemoAccess: async (_r, args, ctx) => {
      await enforceRateLimit(
        ctx.services.auth.rateLimiter,
        ctx.services.config.auth.rateLimitMultiplier,
        'demoRequest',
        ctx.ip,
        args.email.trim().toLowerCase(),
      );
      return requestDemo(ctx.services, args, ctx.locale);
    },
    policies: (_r, _a, ctx) => ({
      version: CURRENT_POLICIES.version,
      publishedAt: CURRENT_POLICIES.publishedAt,
      accepted: requireActor(ctx).account.acceptedPolicies,
      url: ctx.services.config.policiesUrl ?? null,
    }),
    myCompanyInvites: async (_r, _a, ctx) =>
      (await myInvites(ctx.services, requireActor(ctx))).map(presentReceivedInvite),
    accessKeys: async (_r, _a, ctx) =>
      (await accessKeysOf(ctx.services, requireActor(ctx))).map(presentAccessKey),
    companyMemberInvites: async (_r, _a, ctx) =>
      (await sentInvites(ctx.services, requireActor(ctx))).map(present),
    companyInvitePreview: (_r, args, ctx) =>
      invitationPreview(ctx.services, args.inviteId, args.email, args.token),
    companyMemberInviteLink: (_r, args, ctx) => inviteLink(ctx.services, requireActor(ctx), args.inviteId),
  },
  Mutation: {
    acceptAiDisclaimer: async (_r, _a, ctx) =>
      presentLoggedUser(await acceptAiDisclaimer(ctx.services, requireActor(ctx))),
    acceptPolicies: async (_r, args, ctx) =>
      presentLoggedUser(await acceptPolicies(ctx.services, requireActor(ctx), args.version)),
    updateUserProfile: async (_r, args, ctx) =>
      presentLoggedUser(await updateProfile(ctx.services, requireActor(ctx), args.input)),
    createCompany: async (_r, args, ctx) =>
      presentLoggedUser(await createCompany(ctx.services, requireActor(ctx), args.input)),
    acceptCompanyInvite: async (_r, args, ctx) =>
      presentLoggedUser(await acceptInvite(ctx.services, requireActor(ctx), args.inviteId)),
    rejectCompanyInvite: (_r, args, ctx) => rejectInvite(ctx.services, requireActor(ctx), args.inviteId),
    createAccessKey: async (_r, args, ctx) => {
      const expiresAt = args.expiresAt ? new Date(args.expiresAt) : null;
      const created = await createAccessKey(ctx.services, requireActor(ctx), args.name, expiresAt);
      return { accessKey: presentAccessKey(created.accessKey), secret: created.secret };
    },
    revokeAccessKey: (_r, args, ctx) => revokeKey(ctx.services, requireActor(ctx), args.id),
    inviteCompanyMember: async (_r, args, ctx) =>
      present(await inviteMember(ctx.services, requireActor(ctx), args.email, args.role)),
    resendCompanyMemberInvite: async (_r, args, ctx) =>
      present(await resendInvite(ctx.services, requireActor(ctx), args.inviteId)),
  },
};
