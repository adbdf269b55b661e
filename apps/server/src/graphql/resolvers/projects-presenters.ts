import { PROJECT_ROLES, translateShared, type Locale } from '@obra/domain';
import type { ParticipationRow, ProjectInviteRow } from '../../modules/projects/project-company-service.ts';
import type { DisciplineRow, PhaseState } from '../../modules/projects/project-settings-repository.ts';
import type { CompanyAdminContact, CompanyRow } from '../../modules/companies/company-repository.ts';

/** A company as the API shows it to other companies. */
export function presentCompany(row: CompanyRow) {
  return { id: row.id, name: row.name, logo: row.logo, isActive: row.isActive };
}

function roleRef(roleId: number) {
  const role = PROJECT_ROLES.find((r) => r.id === roleId);
  return { id: roleId, name: role?.key ?? 'collaborator' };
}

/** A participation as the API's ProjectCompany. */
export function presentParticipation(p: ParticipationRow, company: CompanyRow) {
  return {
    id: p.id,
    company: presentCompany(company),
    projectId: p.projectId,
    role: roleRef(p.roleId),
    allDisciplines: p.allDisciplines,
    disciplines: p.disciplineIds as number[],
  };
}

/** What an invitation shows besides its row: the invited company, its administrators, the disciplines. */
export interface InviteParties {
  company: CompanyRow;
  admins: readonly CompanyAdminContact[];
  disciplines: DisciplineRow[];
}

/** An invitation as the API's PendingInvite; sentTo lists the invited company's administrators. */
export function presentInvite(invite: ProjectInviteRow, parties: InviteParties) {
  return {
    id: invite.id,
    companyId: invite.companyId,
    company: presentCompany(parties.company),
    disciplinesId: invite.disciplineIds as number[],
    disciplines: parties.disciplines,
    projectId: invite.projectId,
    role: roleRef(invite.roleId),
    allDisciplines: invite.allDisciplines,
    sentTo: parties.admins.map((u) => ({
      name: u.name,
      lastName: u.lastName,
      photo: u.photo,
      email: u.email,
    })),
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
