/** What an invitation e-mail's link says, read from the sign-in's redirect path. */
export interface InvitationLink {
  readonly inviteId: number;
  /** The address the invitation went to, when the link carries it. */
  readonly email: string | null;
}

/**
 * The invitation behind a redirect path (`/onboarding/company?inviteId=12&email=…`, the company invitation
 * e-mail's link), or null for any other path.
 */
export function invitationOf(redirect: string | null): InvitationLink | null {
  if (!redirect) return null;
  const url = new URL(redirect, 'http://obra.invalid');
  if (url.pathname !== '/onboarding/company') return null;
  const inviteId = Number(url.searchParams.get('inviteId'));
  if (!Number.isInteger(inviteId) || inviteId <= 0) return null;
  const email = url.searchParams.get('email')?.trim() ?? '';
  return { inviteId, email: /^\S+@\S+\.\S+$/.test(email) ? email : null };
}
