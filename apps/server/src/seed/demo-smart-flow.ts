import type { AppServices } from '../services.ts';
import type { Actor } from '../auth/actor.ts';
import { toAccount } from '../modules/identity/account.ts';
import { findUserByEmail } from '../modules/identity/user-repository.ts';
import { listDisciplines } from '../modules/projects/project-settings-repository.ts';
import { createSmartFlowRule, setSmartFlowRulePaused } from '../modules/smart-flow/smart-flow-service.ts';
import { executeRule } from '../modules/smart-flow/smart-flow-runner.ts';
import type { DemoUser } from './demo-seed-step.ts';

/**
 * The demo manager's smart flow (docs/smart-flow.md): a Monday e-mail of the late issues waiting on them, run once so
 * that its page shows a run, a rule that follows every new issue of the structure discipline, and a paused rule
 * that would make the electrical discipline responsible on open structure issues about shafts when they change
 * (paused: the demo's issues change only when people change them). Made through the module's own service, as the
 * manager.
 */
export async function seedDemoSmartFlow(
  services: AppServices,
  demoUsers: readonly DemoUser[],
): Promise<number> {
  const { db } = services.database;
  const manager = demoUsers.find((u) => u.role === 'manager');
  const projectId = manager?.projectIds[0];
  if (!manager || projectId === undefined) return 0;
  const row = await findUserByEmail(db, manager.email);
  if (!row) return 0;
  const actor: Actor = { account: toAccount(row), via: 'session', sessionId: undefined };
  const disciplines = await listDisciplines(db, projectId);
  const structure = disciplines.find((d) => /estrut|struct/i.test(d.name)) ?? disciplines[0];
  const weekly = await createSmartFlowRule(services, actor, {
    projectId,
    name: 'Atrasados de segunda-feira',
    description: 'Toda segunda às 8h, me mande por e-mail os apontamentos atrasados que dependem de mim',
    trigger: { kind: 'schedule', frequency: 'weekly', weekday: 1, hour: 8, timeZone: 'America/Sao_Paulo' },
    condition: { filter: 'latePendencies', disciplineIds: [] },
    action: { kind: 'email' },
  });
  await executeRule(services, weekly.id, 'manual');
  await createSmartFlowRule(services, actor, {
    projectId,
    name: 'Acompanhar estrutura',
    trigger: { kind: 'issueCreated' },
    condition: { filter: 'all', disciplineIds: structure ? [structure.id] : [] },
    action: { kind: 'follow' },
  });
  const electrical = disciplines.find((d) => /el[eé]tric/i.test(d.name));
  if (!electrical || !structure) return 2;
  const assign = await createSmartFlowRule(services, actor, {
    projectId,
    name: 'Elétrica nos shafts alterados',
    description: 'Quando um apontamento de estrutura sobre shaft mudar, coloque a elétrica como responsável',
    trigger: { kind: 'issueChanged' },
    condition: { filter: 'actives', disciplineIds: [structure.id], search: 'shaft' },
    action: { kind: 'assignDiscipline', disciplineId: electrical.id, status: 'todo' },
  });
  await setSmartFlowRulePaused(services, actor, assign.id, true);
  return 3;
}
