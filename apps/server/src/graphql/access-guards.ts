import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { AppError, isAllowedInDemo } from '@obra/domain';
import type { GraphQLContext } from './context.ts';

/** Root fields anyone may call, signed in or not (spec core §7; serverStatus carries no data). */
export const PUBLIC_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'apiVersion',
  'projectEnums',
  'standardDisciplines',
  'requestDemoAccess',
  'companyInvitePreview',
  'serverStatus',
  'embeddingHosts',
  'showroomOpen',
]);

/** Root fields a signed-in user may call before accepting the policies in force. */
export const BEFORE_POLICIES_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'loggedUserData',
  'policies',
  'acceptPolicies',
]);

type RootKind = 'Query' | 'Mutation' | 'Subscription';

/**
 * The access rule every root field passes before its resolver runs: anonymous callers reach only the public
 * fields (UNAUTHENTICATED), users who have not accepted the current policies only loggedUserData, policies and
 * acceptPolicies (NOT_ACCEPTED_POLICIES), and demo users only the mutations of the demo allow-list
 * (FORBIDDEN_DEMO_MODE). Fine-grained permissions stay in the services.
 */
export function checkRootAccess(kind: RootKind, field: string, ctx: GraphQLContext): void {
  if (PUBLIC_ROOT_FIELDS.has(field)) return;
  const actor = ctx.actor;
  if (!actor) throw new AppError('UNAUTHENTICATED');
  if (!actor.account.acceptedPolicies && !BEFORE_POLICIES_ROOT_FIELDS.has(field))
    throw new AppError('NOT_ACCEPTED_POLICIES');
  if (kind === 'Mutation' && actor.account.isDemo && !isAllowedInDemo(field))
    throw new AppError('FORBIDDEN_DEMO_MODE');
}

/**
 * Wraps every root field of the schema with checkRootAccess. Done on the built schema, not per resolver map,
 * so that a field added later by any area is guarded without anyone remembering to.
 */
export function applyAccessGuards(schema: GraphQLSchema): GraphQLSchema {
  const roots: [RootKind, ReturnType<GraphQLSchema['getQueryType']>][] = [
    ['Query', schema.getQueryType()],
    ['Mutation', schema.getMutationType()],
    ['Subscription', schema.getSubscriptionType()],
  ];
  for (const [kind, type] of roots) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve: GraphQLFieldResolver<unknown, GraphQLContext> = field.resolve ?? defaultFieldResolver;
      field.resolve = (root, args, ctx, info) => {
        checkRootAccess(kind, field.name, ctx);
        return resolve(root, args, ctx, info);
      };
      const subscribe = field.subscribe;
      if (subscribe) {
        field.subscribe = (root, args, ctx: GraphQLContext, info) => {
          checkRootAccess(kind, field.name, ctx);
          return subscribe(root, args, ctx, info);
        };
      }
    }
  }
  return schema;
}
