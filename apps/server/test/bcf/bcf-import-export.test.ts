import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TEXT_LIMITS } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { addDisciplines, call, createProject } from '../projects/project-test-kit.ts';
import {
  buildIssueWorld,
  createIssueAs,
  draft,
  UPDATE_ISSUE,
  type IssueWorld,
} from '../issues/issue-test-kit.ts';
import { CREATE_COMMENT } from '../issues/comment-test-kit.ts';
import {
  caseBytes,
  casesUnder,
  exportFile,
  generatedPackage,
  importFile,
  readPackage,
} from './bcf-test-kit.ts';

let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

describe('third-party packages: imported or refused with a clear report, never a crash', () => {
  for (const relative of casesUnder('third-party')) {
    it(relative, async () => {
      const answer = await importFile(t, w.creator, w.projectId, caseBytes(relative), { dryRun: true });
      expect(answer.status).toBeLessThan(500);
      if (answer.status !== 200) {
        expect(answer.body.code).toMatch(/^BCF_/);
        expect(answer.body.message).toBeTruthy();
        return;
      }
      const pkg = await readPackage(caseBytes(relative));
      expect(answer.body.topics).toBe(pkg.pkg.topics.length);
      for (const item of answer.body.items.filter((i) => i.action === 'failed'))
        expect(item.error?.code).toBeTruthy();
    });
  }

  it('reports each case precisely', async () => {
    const missingTitle = await importFile(
      t,
      w.creator,
      w.projectId,
      caseBytes('third-party/bcf-toolkit/2.1/MissingTitle.bcfzip'),
      {
        dryRun: true,
      },
    );
    expect(missingTitle.body.items[0]?.error?.code).toBe('REQUIRED_FIELD');
    const noMarkups = await importFile(
      t,
      w.creator,
      w.projectId,
      caseBytes('third-party/bcf-toolkit/2.1/NoMarkups.bcfzip'),
      {
        dryRun: true,
      },
    );
    expect(noMarkups.body.unreadable[0]?.reason).toContain('markup.bcf');
    const empty = await importFile(
      t,
      w.creator,
      w.projectId,
      caseBytes('third-party/bcf-toolkit/3.0/Empty.bcfzip'),
    );
    expect(empty).toMatchObject({ status: 400, body: { code: 'BCF_INVALID_PACKAGE' } });
    const solibri = await importFile(
      t,
      w.creator,
      w.projectId,
      caseBytes('third-party/bcf-toolkit/2.1/MiniSolibri.bcfzip'),
    );
    expect(solibri.body).toMatchObject({ created: 4, failed: 0 });
    expect(solibri.body.mapping.statuses).toContainEqual(
      expect.objectContaining({ value: 'Offen', match: 'none' }),
    );
  });

  it('refuses what is not a package, a missing file, strangers and anonymous callers', async () => {
    const notZip = await importFile(t, w.creator, w.projectId, Buffer.from('hello'));
    expect(notZip).toMatchObject({ status: 400, body: { code: 'BCF_INVALID_PACKAGE' } });
    const noFile = await fetch(`${t.url}/bcf-xml/projects/${w.projectId}/imports`, {
      method: 'POST',
      body: new FormData(),
      headers: { authorization: `Bearer ${w.creator.token}` },
    });
    expect(noFile.status).toBe(400);
    const bytes = caseBytes('3.0/Markup/Minimum information/Minimum information.bcf');
    expect((await importFile(t, undefined, w.projectId, bytes)).status).toBe(401);
    expect(await importFile(t, w.outsider, w.projectId, bytes)).toMatchObject({
      status: 404,
      body: { code: 'PROJECT_NOT_FOUND' },
    });
    const badVersion = await exportFile(t, w.creator, w.projectId, { version: '1.0' });
    expect(badVersion).toMatchObject({ status: 400, json: { code: 'BCF_UNSUPPORTED_VERSION' } });
  });
});

describe("Obra's discipline extension", () => {
  it('restores every discipline status and responsibility on re-import, here and in another project', async () => {
    const issueId = await createIssueAs(t, w.creator, {
      ...draft(w, {
        title: 'Shaft clash',
        disciplines: [
          { disciplineId: w.disciplineIds[0], status: 'todo' },
          { disciplineId: w.disciplineIds[1], status: 'review' },
        ],
      }),
    });
    const exported = await exportFile(t, w.creator, w.projectId, {
      version: '3.0',
      ids: String(issueId),
    });
    const pkg = await readPackage(exported.bytes, '3.0');
    expect(pkg.errors).toEqual([]);
    expect(pkg.pkg.topics).toHaveLength(1);
    expect(pkg.pkg.topics[0]?.labels).toEqual(expect.arrayContaining(['ARQ: todo', 'EST: review']));
    expect(pkg.pkg.obra?.topics[pkg.pkg.topics[0]?.guid ?? '']?.disciplines.map((d) => d.status)).toEqual([
      'todo',
      'review',
    ]);
    // Someone changes the responsibilities; importing the package restores them on the same issue.
    await call(t, w.creator, UPDATE_ISSUE, {
      projectId: w.projectId,
      issueId,
      disciplines: [{ disciplineId: w.disciplineIds[2], status: 'todo' }],
    });
    const again = await importFile(t, w.creator, w.projectId, exported.bytes);
    expect(again.body).toMatchObject({ created: 0, updated: 1, failed: 0 });
    const disciplines = async (projectId: number, id: number) =>
      (
        await call<{ issue: { disciplines: { discipline: { abbreviation: string }; status: string }[] } }>(
          t,
          w.creator,
          'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { disciplines { status discipline { abbreviation } } } }',
          { p: projectId, i: id },
        )
      ).issue.disciplines
        .map((d) => `${d.discipline.abbreviation}:${d.status}`)
        .sort();
    expect(await disciplines(w.projectId, issueId)).toEqual(['ARQ:todo', 'EST:review']);
    const other = await createProject(t, w.creator, 'Other tower');
    await addDisciplines(t, w.creator, other);
    const elsewhere = await importFile(t, w.creator, other, exported.bytes);
    expect(elsewhere.body).toMatchObject({ created: 1, failed: 0 });
    expect(await disciplines(other, elsewhere.body.items[0]?.issueId ?? 0)).toEqual([
      'ARQ:todo',
      'EST:review',
    ]);
  });
});

describe('visibility over import previews and exports', () => {
  it('never hands out an issue or comment the caller may not see', async () => {
    const hidden = await createIssueAs(t, w.creator, {
      ...draft(w, { title: 'Secret draft', visibility: 'creator' }),
    });
    const open = await createIssueAs(t, w.creator, { ...draft(w, { title: 'Open issue' }) });
    await call(t, w.creator, CREATE_COMMENT, {
      projectId: w.projectId,
      issueId: open,
      message: 'Private note',
      visibility: 'creator',
    });
    await call(t, w.creator, CREATE_COMMENT, {
      projectId: w.projectId,
      issueId: open,
      message: 'Shared note',
      visibility: 'public',
    });
    const theirs = await readPackage(
      (await exportFile(t, w.collaboratorOther, w.projectId, { version: '2.1' })).bytes,
      '2.1',
    );
    expect(theirs.errors).toEqual([]);
    const titles = theirs.pkg.topics.map((topic) => topic.title);
    expect(titles).toContain('Open issue');
    expect(titles).not.toContain('Secret draft');
    const openTopic = theirs.pkg.topics.find((topic) => topic.title === 'Open issue');
    expect(openTopic?.comments.map((c) => c.comment)).toEqual(['Shared note']);
    expect(JSON.stringify(theirs.pkg.obra)).not.toContain(`"issueId":${hidden},`);

    // The creator's package, previewed by someone who may not see the hidden issue, tells nothing of it.
    const mine = await exportFile(t, w.creator, w.projectId, { version: '3.0', ids: `${hidden},${open}` });
    const preview = await importFile(t, w.collaboratorOther, w.projectId, mine.bytes, { dryRun: true });
    const mineRead = await readPackage(mine.bytes);
    const hiddenGuid = mineRead.pkg.topics.find((topic) => topic.title === 'Secret draft')?.guid;
    const item = preview.body.items.find((i) => i.guid === hiddenGuid);
    // Exported from Obra but never imported: the hidden issue has no BCF row, so its topic would be new here.
    expect(item?.issueId).toBeUndefined();
    expect(JSON.stringify(preview.body)).not.toContain(`"issueId":${hidden}`);
  });

  it('a filtered export holds only the issues the filter keeps', async () => {
    await createIssueAs(t, w.creator, { ...draft(w, { title: 'Lintel gap' }) });
    const exported = await exportFile(t, w.creator, w.projectId, {
      version: '3.0',
      filter: JSON.stringify({ search: 'Lintel gap' }),
    });
    const pkg = await readPackage(exported.bytes, '3.0');
    expect(pkg.pkg.topics.map((topic) => topic.title)).toEqual(['Lintel gap']);
  });
});

describe('imported comments go the comments’ own way (issue 29: one history writer)', () => {
  it('refuses a topic whose comment is over the comment limit, and tells the interested about the others', async () => {
    const long = 'x'.repeat(TEXT_LIMITS.commentMessage + 1);
    const { bytes, guids } = await generatedPackage(2, (topic, i) =>
      i === 1 ? { ...topic, comments: [{ ...topic.comments[0]!, comment: long }] } : topic,
    );
    const mapping = { disciplineIds: [w.disciplineIds[0]], visibility: 'public' };
    const answer = await importFile(t, w.creator, w.projectId, bytes, { mapping });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ created: 1, failed: 1 });
    const failed = answer.body.items.find((item) => item.action === 'failed');
    expect(failed?.error?.code).toBe('TEXT_TOO_LONG');
    expect(failed?.error?.message).toContain(String(TEXT_LIMITS.commentMessage));

    const db = t.server.services.database.db;
    const marks = (await db.execute(
      sql`select n.user_id as "userId", c.message, h.fields ? 'bcf' as "bcfInHistory"
            from issue_notifications n
            join issue_comments c on c.id = n.comment_id
            join bcf_topics b on b.issue_id = c.issue_id
            join issue_history h on h.comment_id = c.id and h.entity_type = 'comment'
           where b.guid = ${guids[0]!}::uuid`,
    )) as unknown as { rows: { userId: number; message: string; bcfInHistory: boolean }[] };
    // A collaborator of the topic's discipline is interested in the issue: the imported comment is unread for them,
    // as a comment written in Obra would be; the importer is not told of their own comment.
    expect(marks.rows).toContainEqual({
      userId: w.collaboratorSame.id,
      message: 'Check.',
      bcfInHistory: true,
    });
    expect(marks.rows.map((r) => r.userId)).not.toContain(w.creator.id);
    // Nothing of the refused topic was written.
    expect(await issueCount(guids[1]!)).toBe(0);
  });
});

async function issueCount(guid: string): Promise<number> {
  const rows = (await t.server.services.database.db.execute(
    sql`select count(*)::int as n from bcf_topics where guid = ${guid}::uuid`,
  )) as unknown as { rows: { n: number }[] };
  return rows.rows[0]?.n ?? -1;
}
