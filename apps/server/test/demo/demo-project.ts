import { describe, expect, it } from 'vitest';
import type { SeededDemo } from '../support/seeded-demo.ts';
import { estimatedRows } from '../support/planner-estimates.ts';
import type { DemoUser } from '../../src/seed/demo-seed-step.ts';

/** The demo server of demo.test.ts, which every test of this file reads. */
let seeded: SeededDemo;

const demo = (role: string) => seeded.user(role);
const query = <T>(user: DemoUser, text: string, variables: Record<string, unknown> = {}) =>
  seeded.query<T>(user, text, variables);

interface DemoProject {
  locals: { abbreviationTree: string }[];
  disciplines: { id: number; abbreviation: string }[];
  phases: { active: boolean }[];
  groups: { name: string; usersId: number[] }[];
  companies: {
    company: { name: string };
    role: { name: string };
    allDisciplines: boolean;
    disciplines: number[];
  }[];
  documentsNamingRule: string[];
  documentsNamingRuleSeparator: string;
  users: { id: number; email: string; disciplines: number[] }[];
  permissions: { role: string; manageDisciplines: boolean; userDisciplines: number[] };
}

const PROJECT = `query($p: Int!) { projectData(projectId: $p) {
  locals { abbreviationTree } disciplines { id abbreviation } phases { active } groups { name usersId }
  companies { company { name } role { name } allDisciplines disciplines }
  documentsNamingRule documentsNamingRuleSeparator users { id email disciplines }
  permissions { role manageDisciplines userDisciplines } } }`;

/** Registers this file's tests on the one seeded demo of demo.test.ts. */
export function demoProjectTests(shared: SeededDemo): void {
  seeded = shared;
  describe('demo seed: project', () => {
    it('gives the demo company a project with locations, disciplines, phases, a naming rule and groups', async () => {
      const admin = demo('companyAdmin');
      expect(admin.projectIds).toHaveLength(1);
      expect(demo('platformAdmin').projectIds).toEqual([]);
      for (const u of seeded.users.filter((x) => x.companyId !== null))
        expect(u.projectIds).toEqual(admin.projectIds);
      const data = (await query<{ projectData: DemoProject }>(admin, PROJECT, { p: admin.projectIds[0] }))
        .projectData;
      expect(data.locals.map((l) => l.abbreviationTree)).toContain('TA.TIPO');
      expect(data.disciplines).toHaveLength(5);
      expect(data.phases.every((p) => p.active)).toBe(true);
      expect(data.documentsNamingRule.at(-1)).toBe('revision');
      expect(data.documentsNamingRuleSeparator).toBe('-');
      expect(data.groups.map((g) => g.name).sort()).toEqual(['Coordenação', 'Instalações']);
      const me = await query<{ loggedUserData: { company: { amountProjects: number } } }>(
        admin,
        '{ loggedUserData { company { amountProjects } } }',
      );
      expect(me.loggedUserData.company.amountProjects).toBe(1);
    });

    it('has a coordinating company and a partner with two disciplines whose people sign in and see them', async () => {
      const admin = demo('companyAdmin');
      const projectId = admin.projectIds[0];
      const data = (await query<{ projectData: DemoProject }>(admin, PROJECT, { p: projectId })).projectData;
      expect(data.companies.map((c) => c.role.name).sort()).toEqual([
        'collaborator',
        'coordinator',
        'project_admin',
      ]);
      const partner = data.companies.find((c) => c.role.name === 'collaborator')!;
      const ids = (...abbreviations: string[]) =>
        data.disciplines
          .filter((d) => abbreviations.includes(d.abbreviation))
          .map((d) => d.id)
          .sort();
      expect(partner.allDisciplines).toBe(false);
      expect([...partner.disciplines].sort()).toEqual(ids('ELE', 'HID'));
      expect(data.companies.find((c) => c.role.name === 'coordinator')?.allDisciplines).toBe(true);

      // Each person's disciplines follow their company's: per-discipline responsibility can be shown.
      const all = ids('ARQ', 'EST', 'ELE', 'HID', 'HVAC');
      const expected: Record<
        string,
        { role: string; manageDisciplines: boolean; userDisciplines: number[] }
      > = {
        companyAdmin: { role: 'project_admin', manageDisciplines: true, userDisciplines: all },
        projectCoordinator: { role: 'coordinator', manageDisciplines: true, userDisciplines: all },
        partnerAdmin: { role: 'collaborator', manageDisciplines: false, userDisciplines: ids('ELE', 'HID') },
        partnerCollaborator: {
          role: 'collaborator',
          manageDisciplines: false,
          userDisciplines: ids('ELE', 'HID'),
        },
      };
      for (const [role, permissions] of Object.entries(expected)) {
        const person = demo(role);
        expect(person.projectIds).toEqual([projectId]);
        const seen = (await query<{ projectData: DemoProject }>(person, PROJECT, { p: projectId }))
          .projectData;
        expect({
          ...seen.permissions,
          userDisciplines: [...seen.permissions.userDisciplines].sort(),
        }).toEqual(permissions);
        const home = await query<{ workspaceProjects: { id: number }[] }>(
          person,
          '{ workspaceProjects { id } }',
        );
        expect(home.workspaceProjects.map((p) => p.id)).toEqual([projectId]);
        const listed = data.users.find((u) => u.email === person.email);
        expect([...(listed?.disciplines ?? [])].sort()).toEqual(permissions.userDisciplines);
      }

      // The groups hold people of several companies.
      const idOf = (role: string) => data.users.find((u) => u.email === demo(role).email)?.id;
      const members = (name: string) => data.groups.find((g) => g.name === name)?.usersId ?? [];
      expect(members('Instalações').sort()).toEqual(
        [idOf('partnerAdmin'), idOf('partnerCollaborator')].sort(),
      );
      expect(members('Coordenação')).toContain(idOf('projectCoordinator'));
      expect(members('Coordenação')).toContain(idOf('companyAdmin'));
    });
  });

  describe('demo seed: smart flow', () => {
    it('gives the manager a Monday e-mail rule that has run once, a rule following new structure issues and a paused discipline rule', async () => {
      const manager = demo('manager');
      const data = await query<{
        smartFlowRules: {
          name: string;
          trigger: { kind: string };
          action: { kind: string };
          paused: boolean;
          nextRunAt: string | null;
          disciplineNames: { name: string }[];
          runs: { cause: string; state: string; issueCount: number }[];
        }[];
      }>(
        manager,
        '{ smartFlowRules { name trigger action paused nextRunAt disciplineNames { name } runs { cause state issueCount } } }',
      );
      const [assign, follow, weekly] = data.smartFlowRules;
      expect(assign).toMatchObject({
        name: 'Elétrica nos shafts alterados',
        paused: true,
        trigger: { kind: 'issueChanged' },
        action: { kind: 'assignDiscipline', status: 'todo' },
        runs: [],
      });
      // The condition's discipline and the one it makes responsible, by name.
      expect(assign?.disciplineNames.map((d) => d.name).sort()).toHaveLength(2);
      expect(weekly).toMatchObject({
        name: 'Atrasados de segunda-feira',
        paused: false,
        action: { kind: 'email' },
      });
      expect(weekly?.nextRunAt).not.toBeNull();
      expect(weekly?.runs).toHaveLength(1);
      expect(weekly?.runs[0]).toMatchObject({ cause: 'manual', state: 'done' });
      expect(weekly?.runs[0]?.issueCount).toBeGreaterThan(0);
      expect(follow).toMatchObject({ trigger: { kind: 'issueCreated' }, action: { kind: 'follow' } });
      expect(follow?.disciplineNames).toHaveLength(1);
      // Nobody else sees them.
      const other = await query<{ smartFlowRules: unknown[] }>(
        demo('collaborator'),
        '{ smartFlowRules { id } }',
      );
      expect(other.smartFlowRules).toEqual([]);
    });
  });

  describe('demo seed: downloads', () => {
    it('gives the manager a completed Excel export in Downloads, and nobody else', async () => {
      const data = await query<{
        myDownloads: { kind: string; status: string; fileName: string; size: number }[];
      }>(demo('manager'), '{ myDownloads { kind status fileName size } }');
      expect(data.myDownloads).toHaveLength(1);
      expect(data.myDownloads[0]).toMatchObject({ kind: 'issuesXlsx', status: 'completed' });
      expect(data.myDownloads[0]?.fileName).toMatch(/-issues-\d{4}-\d{2}-\d{2}\.xlsx$/);
      expect(data.myDownloads[0]?.size).toBeGreaterThan(0);
      const other = await query<{ myDownloads: unknown[] }>(demo('collaborator'), '{ myDownloads { id } }');
      expect(other.myDownloads).toEqual([]);
    });
  });

  describe('demo seed: planner statistics', () => {
    it('leaves the issue tables analysed, so that the first look at the list is planned on its rows', async () => {
      const database = seeded.server.server.services.database;
      // -1 would mean never analysed: the embedded database runs no autovacuum, and PostgreSQL's comes a minute later.
      expect(await estimatedRows(database, 'issues')).toBeGreaterThan(0);
      expect(await estimatedRows(database, 'issue_disciplines')).toBeGreaterThan(0);
    });
  });
}
