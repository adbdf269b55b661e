import { requireActor } from '../context.ts';
import type { Resolvers } from '../generated/resolvers-types.ts';
import {
  createSmartFlowRule,
  deleteSmartFlowRule,
  setSmartFlowRulePaused,
  smartFlowRules,
} from '../../modules/smart-flow/smart-flow-service.ts';
import { runSmartFlowRuleNow } from '../../modules/smart-flow/smart-flow-runner.ts';
import { draftSmartFlowRule } from '../../modules/smart-flow/smart-flow-draft-service.ts';

/** Smart flow (docs/smart-flow.md): the caller's own rules only. */
export const smartFlowResolvers: Resolvers = {
  Query: {
    smartFlowRules: (_r, _a, ctx) => smartFlowRules(ctx.services, requireActor(ctx)),
  },
  Mutation: {
    createSmartFlowRule: (_r, { input }, ctx) => createSmartFlowRule(ctx.services, requireActor(ctx), input),
    setSmartFlowRulePaused: (_r, { id, paused }, ctx) =>
      setSmartFlowRulePaused(ctx.services, requireActor(ctx), id, paused),
    deleteSmartFlowRule: (_r, { id }, ctx) => deleteSmartFlowRule(ctx.services, requireActor(ctx), id),
    runSmartFlowRule: (_r, { id }, ctx) => runSmartFlowRuleNow(ctx.services, requireActor(ctx), id),
    draftSmartFlowRule: (_r, args, ctx) => draftSmartFlowRule(ctx.services, requireActor(ctx), args),
  },
};
