import { AppError, canInCompany, projectRoleById } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { projectRoleLabel } from '../../mail/email-renderer.ts';
import { enqueueMailTo } from '../identity/identity-mail.ts';
import type { AppServices } from '../../services.ts';
import { companyPolicyActor, type Actor } from '../../auth/actor.ts';
import { loadForWrite, participantsRead, type ProjectAccess } from './project-access.ts';
import { existingDisciplineIds } from './project-access-repository.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { findCompanyById } from '../companies/company-repository.ts';
import {
  deleteParticipation,
  findParticipation,
  findPendingInvite,
  insertParticipation,
  insertProjectInvite,
  lockProjectInvite,
  participationsAndInvites,
  pendingInvitesOfCompany,
  projectInviteMailFacts,
  setProjectInviteStatus,
  updateInviteGrant,
  updateParticipationGrant,
  type ParticipationRecord,
  type ProjectInviteRecord,
} from './project-company-repository.ts';

/** A stored project invitation. */
export type ProjectInviteRow = ProjectInviteRecord;
/** A stored participation. */
export type ParticipationRow = ParticipationRecord;

/** The five inputs of the invite and role calls (spec core §3 'Company invite'). */
export interface CompanyInviteInput {
  projectId: number;
  companyId: number;
  projectRoleId: number;
  allDisciplines: boolean;
  disciplinesId: number[];
}

/**
 * The role and disciplines an invitation or a participation is given, checked: a known role, and all disciplines
 * or some of the project's (duplicates dropped).
 */
async function checkedGrant(
  db: Db,
  input: CompanyInviteInput,
): Promise<{ roleId: number; allDisciplines: boolean; disciplineIds: number[] }> {
  if (!projectRoleById(input.projectRoleId)) throw new AppError('INVALID_ACTION', { reason: 'role' });
  const grant = { roleId: input.projectRoleId, allDisciplines: input.allDisciplines };
  if (input.allDisciplines) return { ...grant, disciplineIds: [] };
  const ids = [...new Set(input.disciplinesId)];
  if (ids.length === 0) throw new AppError('REQUIRED_FIELD', { fields: ['disciplinesId'] });
  const known = await existingDisciplineIds(db, input.projectId, ids);
  if (known.size !== ids.length) throw new AppError('INVALID_ACTION', { reason: 'discipline' });
  return { ...grant, disciplineIds: ids };
}

async function loadCompany(db: Db, companyId: number) {
  const company = await findCompanyById(db, companyId);
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  return company;
}

/** The database and the project's access, for a caller who manages the project's companies (active project). */
async function companiesManager(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<{ db: Db; access: ProjectAccess }> {
  const { db } = services.database;
  return { db, access: await loadForWrite(db, actor, projectId, 'project.manageCompanies') };
}

/**
 * createProjectCompanyInvite: invites a company with a role and all or some disciplines. The invited company's
 * administrators are e-mailed, each in their own language, in the same transaction (sent only if it commits).
 */
export async function createCompanyInvite(
  services: AppServices,
  actor: Actor,
  input: CompanyInviteInput,
): Promise<ProjectInviteRow> {
  const { db } = await companiesManager(services, actor, input.projectId);
  const company = await loadCompany(db, input.companyId);
  if (!company.isActive) throw new AppError('COMPANY_IS_NOT_ACTIVE');
  const grant = await checkedGrant(db, input);
  if (await findParticipation(db, input.projectId, input.companyId))
    throw new AppError('ALREADY_INVITED', { reason: 'participates' });
  return unitOfWork(services, async (tx) => {
    const row = await insertProjectInvite(tx, {
      projectId: input.projectId,
      companyId: input.companyId,
      ...grant,
      invitedByUserId: actor.account.id,
    });
    if (!row) throw new AppError('ALREADY_INVITED');
    await mailProjectInvite(services, tx, actor, row, company.name);
    return row;
  });
}

/** E-mails a project invitation to the invited company's administrators, each in their language. */
async function mailProjectInvite(
  services: AppServices,
  tx: Db,
  actor: Actor,
  invite: ProjectInviteRow,
  companyName: string,
): Promise<void> {
  await mailInvite(services, tx, invite, companyName, actor.account.id, actor.account.email);
}

/**
 * E-mails a pending invitation again to the invited company's administrators (the resendPendingInvitations admin
 * script), as its inviter sent it. Answers how many e-mails were queued.
 */
export async function remindProjectInvite(
  services: AppServices,
  tx: Db,
  invite: ProjectInviteRow,
  companyName: string,
): Promise<number> {
  return mailInvite(services, tx, invite, companyName, invite.invitedByUserId ?? 0, '');
}

async function mailInvite(
  services: AppServices,
  tx: Db,
  invite: ProjectInviteRow,
  companyName: string,
  inviterId: number,
  inviterEmail: string,
): Promise<number> {
  const { project, inviter, admins } = await projectInviteMailFacts(
    tx,
    invite.projectId,
    inviterId,
    invite.companyId,
  );
  const role = projectRoleById(invite.roleId) ?? 'collaborator';
  const inviterName =
    [inviter?.name, inviter?.lastName].filter(Boolean).join(' ') || inviterEmail || (project?.name ?? '');
  for (const admin of admins)
    await enqueueMailTo(services.jobs, tx, admin, 'projectInvite', {
      inviter: inviterName,
      inviterCompany: inviter?.company ?? '',
      company: companyName,
      project: project?.name ?? '',
      role: projectRoleLabel(admin.localeId, role),
      // The link lands on the home page with this invitation singled out (issue 21).
      link: `${services.config.publicUrl}/workspace/home?projectInvite=${invite.id}`,
    });
  return admins.length;
}

/** updateProjectCompanyInvite: changes a pending invitation's role and disciplines. */
export async function updateCompanyInvite(
  services: AppServices,
  actor: Actor,
  input: CompanyInviteInput,
): Promise<ProjectInviteRow> {
  const { db } = await companiesManager(services, actor, input.projectId);
  const grant = await checkedGrant(db, input);
  const pending = await findPendingInvite(db, input.projectId, input.companyId);
  if (!pending) throw new AppError('INVITE_NOT_FOUND');
  const row = await updateInviteGrant(db, pending.id, grant);
  if (!row) throw new AppError('INVITE_NOT_FOUND');
  return row;
}

/** deleteProjectCompanyInvite: withdraws a pending invitation. */
export async function deleteCompanyInvite(
  services: AppServices,
  actor: Actor,
  projectId: number,
  companyId: number,
): Promise<boolean> {
  const { db } = await companiesManager(services, actor, projectId);
  const pending = await findPendingInvite(db, projectId, companyId);
  if (!pending) throw new AppError('INVITE_NOT_FOUND');
  await setProjectInviteStatus(db, pending.id, 'cancelled');
  return true;
}

/** setProjectCompanyRoleAndDisciplines: the owner company stays project administrator with all disciplines. */
export async function setCompanyRole(
  services: AppServices,
  actor: Actor,
  input: CompanyInviteInput,
): Promise<ParticipationRow> {
  const { db, access } = await companiesManager(services, actor, input.projectId);
  const grant = await checkedGrant(db, input);
  const participation = await findParticipation(db, input.projectId, input.companyId);
  if (!participation) throw new AppError('COMPANY_NOT_FOUND');
  if (input.companyId === access.project.companyId && (input.projectRoleId !== 1 || !input.allDisciplines)) {
    throw new AppError('INVALID_ACTION', { reason: 'ownerCompany' });
  }
  const row = await updateParticipationGrant(db, participation.id, grant);
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return row;
}

/** deleteProjectCompany: the company leaves the project; its people leave the project's groups. */
export async function removeCompany(
  services: AppServices,
  actor: Actor,
  projectId: number,
  companyId: number,
): Promise<boolean> {
  const { db, access } = await companiesManager(services, actor, projectId);
  if (companyId === access.project.companyId)
    throw new AppError('INVALID_ACTION', { reason: 'ownerCompany' });
  const participation = await findParticipation(db, projectId, companyId);
  if (!participation) throw new AppError('COMPANY_NOT_FOUND');
  await unitOfWork(services, (tx) => deleteParticipation(tx, { id: participation.id, projectId, companyId }));
  return true;
}

function requireCompanyAdmin(actor: Actor): number {
  const companyId = actor.account.companyId;
  if (
    companyId === null ||
    !canInCompany(companyPolicyActor(actor, { inOwnCompany: true }), 'company.acceptProjectInvites')
  )
    throw new AppError('FORBIDDEN');
  return companyId;
}

/** The pending project invitations of the caller's company, newest first. */
export async function companyProjectInvites(
  services: AppServices,
  actor: Actor,
): Promise<ProjectInviteRow[]> {
  const companyId = actor.account.companyId;
  if (companyId === null) return [];
  return pendingInvitesOfCompany(services.database.db, companyId);
}

/** A company administrator answers an invitation; accepting makes the company take part in the project. */
export async function answerProjectInvite(
  services: AppServices,
  actor: Actor,
  inviteId: number,
  accept: boolean,
): Promise<number> {
  const companyId = requireCompanyAdmin(actor);
  return unitOfWork(services, async (tx) => {
    const invite = await lockProjectInvite(tx, inviteId);
    if (!invite || invite.companyId !== companyId || invite.status !== 'pending')
      throw new AppError('INVITE_NOT_FOUND');
    await setProjectInviteStatus(tx, inviteId, accept ? 'accepted' : 'rejected');
    if (accept) {
      await insertParticipation(tx, invite.projectId, companyId, {
        roleId: invite.roleId,
        allDisciplines: invite.allDisciplines,
        disciplineIds: invite.disciplineIds as number[],
      });
    }
    return invite.projectId;
  });
}

/** Participations and pending invitations of a project (projectCompanies). */
export const projectCompaniesOf = participantsRead(participationsAndInvites);
