import { isCompanyRole, type Actor } from '@obra/domain';
import type { LoggedUser } from '../../app/guards/session-context.ts';

/**
 * The signed-in user as the domain's company policies see them on their own company's pages. Platform-admin
 * powers belong to the admin area, so they do not count here (the server decides the same way).
 */
export function ownCompanyActor(user: LoggedUser | null): Actor {
  const role = user?.company?.role;
  return { isAdmin: false, companyRole: isCompanyRole(role) ? role : null, projectRole: null };
}
