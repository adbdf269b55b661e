/** Host names starting with this prefix open smart docs instead of the workspace (spec core §2). */
export const SMART_DOCS_HOST_PREFIX = 'smart-docs';

/** Where the empty path leads: the workspace, or smart docs on a smart-docs host. */
export function rootRedirectTarget(hostname: string): string {
  return hostname.toLowerCase().startsWith(SMART_DOCS_HOST_PREFIX) ? '/smart-docs' : '/workspace';
}
