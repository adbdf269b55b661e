import { AppError, LOCALES } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import { CURRENT_POLICIES, toAccount, type Account } from './account.ts';
import type { Actor } from '../../auth/actor.ts';
import { findCompanyById, type CompanyRow } from '../companies/company-repository.ts';
import { findUserById, updateUser, type NewUser } from './user-repository.ts';
import { countActiveProjects } from '../projects/project-repository.ts';
import { claimProfileImage, releaseProfileImage } from '../profile-images/profile-image-claims.ts';

/** The signed-in user with their company, as loggedUserData shows it. */
export interface LoggedUserView {
  account: Account;
  company: { row: CompanyRow; role: string; amountProjects: number } | undefined;
}

/** What onboarding and settings may change of a profile. */
export interface ProfileChanges {
  name?: string | null | undefined;
  lastName?: string | null | undefined;
  firstPhone?: string | null | undefined;
  linkedin?: string | null | undefined;
  localeId?: string | null | undefined;
  photo?: string | null | undefined;
}

/** The signed-in user's data, read fresh. */
export async function loggedUser(services: AppServices, actor: Actor): Promise<LoggedUserView> {
  const row = await findUserById(services.database.db, actor.account.id);
  if (!row) throw new AppError('UNAUTHENTICATED');
  return present(services, toAccount(row));
}

/** Builds the view of an account: its company and the company's project count. */
export async function present(services: AppServices, account: Account): Promise<LoggedUserView> {
  if (account.companyId === null) return { account, company: undefined };
  const row = await findCompanyById(services.database.db, account.companyId);
  if (!row) return { account, company: undefined };
  return {
    account,
    company: {
      row,
      role: account.companyRole ?? 'collaborator',
      amountProjects: await countActiveProjects(services.database.db, row.id),
    },
  };
}

/** Records that the user accepted the AI disclaimer (once; later calls keep the first date). */
export async function acceptAiDisclaimer(services: AppServices, actor: Actor): Promise<LoggedUserView> {
  if (!actor.account.aiDisclaimerAccepted)
    await updateUser(services.database.db, actor.account.id, { aiDisclaimerAcceptedAt: new Date() });
  return loggedUser(services, actor);
}

/** Records that the user accepted the policies in force; INVALID_ACTION when they read another version. */
export async function acceptPolicies(
  services: AppServices,
  actor: Actor,
  version: string,
): Promise<LoggedUserView> {
  if (version !== CURRENT_POLICIES.version)
    throw new AppError('INVALID_ACTION', { currentVersion: CURRENT_POLICIES.version });
  await updateUser(services.database.db, actor.account.id, {
    acceptedPoliciesVersion: version,
    acceptedPoliciesAt: new Date(),
  });
  return loggedUser(services, actor);
}

/** Updates the profile; having a name and a last name confirms the register (onboarding/userprofile). */
export async function updateProfile(
  services: AppServices,
  actor: Actor,
  changes: ProfileChanges,
): Promise<LoggedUserView> {
  const patch: Partial<NewUser> = {};
  for (const field of ['name', 'lastName'] as const) {
    const value = changes[field];
    if (value === undefined) continue;
    if (value === null || value.trim() === '') throw new AppError('REQUIRED_FIELD', { field });
    patch[field] = bounded(value, field, 100);
  }
  for (const field of ['firstPhone', 'linkedin'] as const) {
    const value = changes[field];
    if (value !== undefined)
      patch[field] = value === null || value.trim() === '' ? null : bounded(value, field, 200);
  }
  // Only a photo the user uploaded through createProfileImageUpload (re-encoded by Obra), never an outside URL.
  const photo = await claimProfileImage(services.database.db, actor, {
    kind: 'USER_PHOTO',
    field: 'photo',
    value: changes.photo,
    current: actor.account.photo,
  });
  if (photo !== undefined) patch.photo = photo;
  if (changes.localeId !== undefined) {
    if (changes.localeId !== null && !(LOCALES as readonly string[]).includes(changes.localeId)) {
      throw new AppError('BAD_USER_INPUT', { field: 'localeId' });
    }
    patch.localeId = changes.localeId;
  }
  const name = patch.name ?? actor.account.name;
  const lastName = patch.lastName ?? actor.account.lastName;
  if (name && lastName) patch.confirmedRegister = true;
  await updateUser(services.database.db, actor.account.id, patch);
  if (photo !== undefined) await releaseProfileImage(services, actor.account.photo);
  return loggedUser(services, actor);
}

function bounded(value: string, field: string, max: number): string {
  const trimmed = value.trim();
  if (trimmed.length > max) throw new AppError('BAD_USER_INPUT', { field });
  return trimmed;
}
