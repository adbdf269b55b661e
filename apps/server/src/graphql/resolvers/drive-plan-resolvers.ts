import { requireActor } from '../context.ts';
import { presentDrivePlan } from './drive-plan-presenters.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  companyDrivePlan,
  ownerDrivePlan,
  setCompanyDriveEnabled,
  setCompanyDriveTrialEnd,
} from '../../modules/drive/drive-plan-service.ts';

/** The drive's plan (editor §9): on the project, on the company, and the platform admin's switch. */
export const drivePlanResolvers: Resolvers = {
  Project: {
    drivePlan: async (a, _args, ctx) => presentDrivePlan(await ownerDrivePlan(ctx.services, a.project)),
  },
  CompanyProfile: {
    drivePlan: async (company, _args, ctx) =>
      presentDrivePlan(await companyDrivePlan(ctx.services, requireActor(ctx), company.id)),
  },
  Mutation: {
    setCompanyDriveEnabled: async (_r, { companyId, enabled }, ctx) =>
      presentDrivePlan(await setCompanyDriveEnabled(ctx.services, requireActor(ctx), companyId, enabled)),
    setCompanyDriveTrialEnd: async (_r, { companyId, endsAt }, ctx) =>
      presentDrivePlan(
        await setCompanyDriveTrialEnd(ctx.services, requireActor(ctx), companyId, new Date(endsAt)),
      ),
  },
};
