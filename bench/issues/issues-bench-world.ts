// A generated project for the issue benchmarks: a real server (PGlite, or a fresh PostgreSQL database when
// DATABASE_URL is set), the people of the issue tests, 48 locals, 5 labels, personal tags, and N issues.
import { startTestServer, type TestServer } from '../../apps/server/test/support/test-server.ts';
import { call } from '../../apps/server/test/projects/project-test-kit.ts';
import { buildIssueWorld, type IssueWorld } from '../../apps/server/test/issues/issue-test-kit.ts';
import { generateIssues, type GenerateResult } from './generate-issues.ts';

/** The server, its people and what the generator wrote. */
export interface BenchProject {
  t: TestServer;
  w: IssueWorld;
  generated: GenerateResult;
}

const LOCALS =
  'mutation($p: Int!, $l: [ProjectTreeItemInput!]!) { setProjectLocals(projectId: $p, locals: $l) { id } }';
const LABELS =
  'mutation($p: Int!, $l: [ProjectTreeItemInput!]!) { setProjectLabels(projectId: $p, labels: $l) { id } }';
const TAGS =
  'mutation($p: Int!, $t: [ProjectUserTagInput!]!) { setProjectUserTags(projectId: $p, tags: $t) { id } }';

/** Starts a server and fills a project of it with `count` issues; the caller closes `t`. */
export async function setUpBenchProject(count: number, seed = 42): Promise<BenchProject> {
  const t = await startTestServer({ RATE_LIMIT_MULTIPLIER: '1000' });
  try {
    const w = await buildIssueWorld(t);
    const p = w.projectId;
    const locals = await call<{ setProjectLocals: { id: number }[] }>(t, w.creator, LOCALS, {
      p,
      l: Array.from({ length: 8 }, (_, b) => ({
        name: `Bloco ${b + 1}`,
        abbreviation: `B${b + 1}`,
        children: Array.from({ length: 6 }, (_, f) => ({
          name: `Pavimento ${f + 1}`,
          abbreviation: `P${f + 1}`,
        })),
      })),
    });
    const labels = await call<{ setProjectLabels: { id: number }[] }>(t, w.creator, LABELS, {
      p,
      l: ['Compatibilização', 'Obra', 'Projeto executivo', 'As built', 'Segurança'].map((name, i) => ({
        name,
        abbreviation: `L${i}`,
      })),
    });
    const tags = await call<{ setProjectUserTags: { id: number }[] }>(t, w.creator, TAGS, {
      p,
      t: ['Revisar', 'Cliente', 'Urgente'].map((name) => ({ name })),
    });
    const generated = await generateIssues(
      t.server.services.database,
      {
        projectId: p,
        userIds: [
          w.creator.id,
          w.coordinator.id,
          w.groupMember.id,
          w.collaboratorSame.id,
          w.collaboratorOther.id,
        ],
        disciplineIds: w.disciplineIds,
        localIds: locals.setProjectLocals.map((l) => l.id),
        labelIds: labels.setProjectLabels.map((l) => l.id),
        groupIds: [w.groupId],
        tagIds: tags.setProjectUserTags.map((tag) => tag.id),
      },
      count,
      seed,
    );
    return { t, w, generated };
  } catch (error) {
    await t.close();
    throw error;
  }
}
