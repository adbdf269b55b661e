import type { CombinedError } from '@urql/core';

/** Fired when any GraphQL call fails with NOT_ACCEPTED_POLICIES: the app goes to /policies (spec core §4). */
export const POLICIES_REQUIRED_EVENT = 'obra:policies-required';
/** Fired when any GraphQL call fails with UNAUTHENTICATED: the session is refreshed or ended. */
export const UNAUTHENTICATED_EVENT = 'obra:unauthenticated';

const POLICY_CODES = new Set(['NOT_ACCEPTED_POLICIES', 'POLICIES_NOT_ACCEPTED']);

/** Tells the app about errors that change where the user may be, whichever screen made the call. */
export function reportSessionErrors(error: CombinedError): void {
  const codes = error.graphQLErrors.map((e) => e.extensions?.['code']);
  if (codes.some((c) => typeof c === 'string' && POLICY_CODES.has(c))) {
    window.dispatchEvent(new CustomEvent(POLICIES_REQUIRED_EVENT));
  } else if (codes.includes('UNAUTHENTICATED')) {
    window.dispatchEvent(new CustomEvent(UNAUTHENTICATED_EVENT));
  }
}
