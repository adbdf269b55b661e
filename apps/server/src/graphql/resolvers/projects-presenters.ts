import { eq } from 'drizzle-orm';
import { PROJECT_ROLES, translateShared, type Locale } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { companies, users } from '../../db/schema/index.ts';
import type { ParticipationRow, ProjectInviteRow } from '../../modules/projects/project-company-service.ts';
import { disciplinesByIds } from '../../modules/projects/project-setup-service.ts';
import type { PhaseState } from '../../modules/projects/project-settings-repository.ts';

type CompanyRow = typeof companies.$inferSelect;

/** A company as the API shows it to other companies. */
export function presentCompany(row: CompanyRow) {
  return { id: row.id, name: row.name, logo: row.logo, isActive: row.isActive };
}

function roleRef(roleId: number) {
  const role = PROJECT_ROLES.find((r) => r.id === roleId);
  return { id: roleId, name: role?.key ?? 'collaborator' };
}

async function companyOf(db: Db, id: number): Promise<CompanyRow> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw new Error('company missing');
  return row;
}

/** A participation as the API's ProjectCompany. */
export async function presentParticipation(db: Db, p: ParticipationRow) {
  return {
    id: p.id,
    company: presentCompany(await companyOf(db, p.companyId)),
    projectId: p.projectId,
    role: roleRef(p.roleId),
    allDisciplines: p.allDisciplines,
    disciplines: p.disciplineIds as number[],
  };
}

/** An invitation as the API's PendingInvite; sentTo lists the invited company's administrators. */
export async function presentInvite(db: Db, invite: ProjectInviteRow) {
  const ids = invite.disciplineIds as number[];
  const admins = await db.select().from(users).where(eq(users.companyId, invite.companyId));
  return {
    id: invite.id,
    companyId: invite.companyId,
    company: presentCompany(await companyOf(db, invite.companyId)),
    disciplinesId: ids,
    disciplines: await disciplinesByIds(db, invite.projectId, ids),
    projectId: invite.projectId,
    role: roleRef(invite.roleId),
    allDisciplines: invite.allDisciplines,
    sentTo: admins
      .filter((u) => u.companyRole === 'admin')
      .map((u) => ({ name: u.name, lastName: u.lastName, photo: u.photo, email: u.email })),
    invitedBy: null,
  };
}

/** A phase with its translated name. */
export function presentPhase(locale: Locale, p: PhaseState) {
  return {
    id: p.id,
    key: p.key,
    abbreviation: p.abbreviation,
    active: p.active,
    allowDisable: p.allowDisable,
    name: translateShared(locale, 'enums', `phases.${p.key}`) ?? p.key,
  };
}
