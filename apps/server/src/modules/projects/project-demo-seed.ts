import type { Db } from '../../db/database.ts';
import type { DemoPerson, DemoSeedContext, SeededDemoUser } from '../../seed/demo-seed-step.ts';
import { replaceTree } from './project-tree-repository.ts';
import { insertCompany } from '../companies/company-repository.ts';
import { insertParticipation } from './project-company-repository.ts';
import { insertDisciplines } from './project-copy-repository.ts';
import { insertGroup } from './project-group-repository.ts';
import { insertProject } from './project-repository.ts';

const DEMO_DISCIPLINES = [
  { standardDisciplineId: 1, name: 'Arquitetura', abbreviation: 'ARQ' },
  { standardDisciplineId: 2, name: 'Estrutura', abbreviation: 'EST' },
  { standardDisciplineId: 4, name: 'Elétrica', abbreviation: 'ELE' },
  { standardDisciplineId: 5, name: 'Hidráulica', abbreviation: 'HID' },
  { standardDisciplineId: 6, name: 'Climatização', abbreviation: 'HVAC' },
];

/** The rule of the demo project: the recommended fields (docs/web-projects.md) joined by hyphens. */
const DEMO_NAMING_RULE = ['project', 'discipline', 'phase', 'local', 'documentType', 'sequence', 'revision'];

/**
 * The projects step of the demo seed (seed/demo-seed.ts runs it): the demo project: locations, disciplines, a naming rule, groups, and two more companies so that every project
 * role has people who can sign in — a coordinating company with all disciplines, and a partner company taking
 * part as collaborator with two disciplines (electrical and plumbing), to show per-discipline responsibility.
 */
export async function seedDemoProject(context: DemoSeedContext): Promise<void> {
  const { tx, companyId, users: demoUsers } = context;
  const project = await insertProject(tx, {
    companyId,
    name: 'Edifício Aurora (demo)',
    documentsNamingRule: DEMO_NAMING_RULE,
    documentsNamingRuleSeparator: '-',
  });
  await insertParticipation(tx, project.id, companyId, {
    roleId: 1,
    allDisciplines: true,
    disciplineIds: [],
  });
  await replaceTree(tx, 'locals', project.id, [
    {
      name: 'Torre A',
      abbreviation: 'TA',
      children: [
        { name: 'Térreo', abbreviation: 'TER' },
        { name: 'Pavimento tipo', abbreviation: 'TIPO' },
        { name: 'Cobertura', abbreviation: 'COB' },
      ],
    },
    { name: 'Subsolo', abbreviation: 'SS' },
  ]);
  await replaceTree(tx, 'labels', project.id, [
    { name: 'Compatibilização', abbreviation: 'COMP' },
    { name: 'Cliente', abbreviation: 'CLI' },
  ]);
  const disciplines = await insertDisciplines(tx, project.id, DEMO_DISCIPLINES);
  const members = demoUsers.filter((u) => u.companyId === companyId);
  const coordinators = await seedCompany(context, project.id, COORDINATION, null);
  const partner = await seedCompany(
    context,
    project.id,
    PARTNER,
    disciplines.filter((d) => d.abbreviation === 'ELE' || d.abbreviation === 'HID').map((d) => d.id),
  );
  const createdBy = members[0]?.userId ?? null;
  await seedGroup(tx, project.id, 'Coordenação', createdBy, [
    ...members.filter((m) => m.role !== 'demo'),
    ...coordinators,
  ]);
  await seedGroup(tx, project.id, 'Instalações', createdBy, partner);
  for (const member of [...members, ...coordinators, ...partner]) member.projectIds.push(project.id);
}

async function seedGroup(
  tx: Db,
  projectId: number,
  name: string,
  createdByUserId: number | null,
  people: readonly SeededDemoUser[],
): Promise<void> {
  await insertGroup(
    tx,
    { projectId, name, createdByUserId },
    people.map((p) => p.userId),
  );
}

/** Another company of the demo, the project role it takes part with, and its people. */
interface DemoCompany {
  name: string;
  roleId: number;
  people: Omit<DemoPerson, 'companyId'>[];
}

const COORDINATION: DemoCompany = {
  name: 'Gerencia Consultoria (demo)',
  roleId: 2,
  people: [
    {
      role: 'projectCoordinator',
      email: 'coordinator@gerencia.demo.obra.local',
      name: 'Paula',
      lastName: 'Coordenadora',
      companyRole: 'admin',
    },
  ],
};

const PARTNER: DemoCompany = {
  name: 'Instala Engenharia (demo)',
  roleId: 3,
  people: [
    {
      role: 'partnerAdmin',
      email: 'eletrica@partner.demo.obra.local',
      name: 'Eduardo',
      lastName: 'Elétrica',
      companyRole: 'admin',
    },
    {
      role: 'partnerCollaborator',
      email: 'hidraulica@partner.demo.obra.local',
      name: 'Helena',
      lastName: 'Hidráulica',
      companyRole: 'collaborator',
    },
  ],
};

/**
 * Creates a demo company taking part in the project with all disciplines (null) or the given ones, and its
 * people with sign-ins. A name already taken (an installation that created it by hand) leaves it out.
 */
async function seedCompany(
  { tx, addSignIn }: DemoSeedContext,
  projectId: number,
  demo: DemoCompany,
  disciplineIds: number[] | null,
): Promise<SeededDemoUser[]> {
  const company = await insertCompany(tx, { name: demo.name });
  if (!company) return [];
  await insertParticipation(tx, projectId, company.id, {
    roleId: demo.roleId,
    allDisciplines: disciplineIds === null,
    disciplineIds: disciplineIds ?? [],
  });
  const people: SeededDemoUser[] = [];
  for (const person of demo.people) people.push(await addSignIn({ ...person, companyId: company.id }));
  return people;
}
