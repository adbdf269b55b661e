/** The domain of an e-mail address, lower-cased, or null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  const domain =
    at >= 0
      ? email
          .slice(at + 1)
          .trim()
          .toLowerCase()
      : '';
  return domain || null;
}

/**
 * Whether accepting an invite needs the "Does this collaborator really belong to your company?" confirmation
 * (editor §5.3): the inviting company's owner has a different e-mail domain from the user's.
 */
export function needsDomainConfirmation(
  userEmail: string,
  ownerEmailDomain: string | null | undefined,
): boolean {
  if (!ownerEmailDomain) return false;
  return emailDomain(userEmail) !== ownerEmailDomain.trim().toLowerCase().replace(/^@/, '');
}
