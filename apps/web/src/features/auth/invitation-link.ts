/** What an invitation e-mail's link says, read from the sign-in's redirect path. */
export interface InvitationLink {
  readonly inviteId: number;
  /** The address the invitation went to, when the link carries it. */
  readonly email: string | null;
  /** The link's signature of the id and address: with it the invitation can be named before sign-in. */
  readonly token: string | null;
}

/**
 * The invitation behind a redirect path (`/onboarding/company?inviteId=12&email=…&token=…`, the company invitation
 * e-mail's link), or null for any other path.
 */
export function invitationOf(redirect: string | null): InvitationLink | null {
  if (!redirect) return null;
  const url = new URL(redirect, 'http://obra.invalid');
  if (url.pathname !== '/onboarding/company') return null;
  const inviteId = Number(url.searchParams.get('inviteId'));
  if (!Number.isInteger(inviteId) || inviteId <= 0) return null;
  const email = url.searchParams.get('email')?.trim() ?? '';
  const token = url.searchParams.get('token') ?? '';
  return {
    inviteId,
    email: /^\S+@\S+\.\S+$/.test(email) ? email : null,
    token: /^[\w-]{20,100}$/.test(token) ? token : null,
  };
}
