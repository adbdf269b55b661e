/**
 * The mutations a demo user (isDemo) may run. Everything else fails with FORBIDDEN_DEMO_MODE. An allow-list
 * so that every mutation added later is forbidden in demo mode until someone decides otherwise. Demo accounts
 * are shared, so only harmless, personal actions are here: reading state, starring, tags, and the
 * acceptances without which the demo cannot be used at all.
 */
export const DEMO_ALLOWED_MUTATIONS: ReadonlySet<string> = new Set([
  'acceptPolicies',
  'acceptAiDisclaimer',
  'deleteProjectIssueNotifications',
  'setProjectIssuesUnread',
  'setProjectIssueCommentUnread',
  'setProjectIssueStarring',
  'setProjectIssueUserTags',
  'setProjectUserTags',
  // Reading: an export prepared in the background is the direct export's download, kept for a day.
  'prepareIssueExport',
  'acknowledgeDownloads',
]);

/** The REST account actions a demo user may not take (same error). */
export const DEMO_FORBIDDEN_ACCOUNT_ACTIONS = ['changePassword'] as const;

/** True when a demo user may run a mutation. */
export function isAllowedInDemo(mutationName: string): boolean {
  return DEMO_ALLOWED_MUTATIONS.has(mutationName);
}
