import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BcfPackage, BcfTopic } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { buildCompanyWithAdmin, type TestUser } from '../support/factories.ts';
import { addDisciplines, call, createProject } from '../projects/project-test-kit.ts';
import { caseBytes, casesUnder, exportFile, importFile, readPackage } from './bcf-test-kit.ts';

let t: TestServer;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestServer();
  admin = (await buildCompanyWithAdmin(t)).admin;
});
afterAll(async () => {
  await t.close();
});

async function freshProject(name: string): Promise<number> {
  const projectId = await createProject(t, admin, name.slice(0, 60));
  await addDisciplines(t, admin, projectId);
  return projectId;
}

/** What must survive an import and an export (issue 16 "round-trips"). */
function comparable(topic: BcfTopic) {
  return {
    guid: topic.guid,
    title: topic.title,
    description: topic.description,
    topicType: topic.topicType,
    topicStatus: topic.topicStatus,
    priority: topic.priority,
    dueDate: topic.dueDate?.slice(0, 10),
    assignedTo: topic.assignedTo,
    stage: topic.stage,
    referenceLinks: topic.referenceLinks,
    bimSnippet: topic.bimSnippet,
    relatedTopics: [...topic.relatedTopics].sort(),
    documentReferences: topic.documentReferences.map((d) => ({
      guid: d.guid,
      documentGuid: d.documentGuid,
      url: d.url,
      description: d.description,
    })),
    comments: topic.comments
      .map((c) => ({
        guid: c.guid,
        author: c.author,
        comment: c.comment.trim() || '-',
        viewpoint: c.viewpointGuid,
      }))
      .sort((a, b) => a.guid.localeCompare(b.guid)),
    viewpoints: topic.viewpoints
      .map((v) => ({
        guid: v.guid,
        snapshot: v.snapshot !== undefined,
        camera: v.visualization?.camera,
        selection: v.visualization?.components?.selection.map((c) => c.ifcGuid),
        exceptions: v.visualization?.components?.visibility.exceptions.map((c) => c.ifcGuid),
        defaultVisibility: v.visualization?.components?.visibility.defaultVisibility,
        coloring: v.visualization?.components?.coloring.map((c) => c.components.length),
        lines: v.visualization?.lines,
        clippingPlanes: v.visualization?.clippingPlanes,
        bitmaps: v.visualization?.bitmaps.map((b) => ({ ...b, reference: undefined })),
      }))
      .sort((a, b) => a.guid.localeCompare(b.guid)),
  };
}

function byGuid(pkg: BcfPackage): Map<string, BcfTopic> {
  return new Map(pkg.topics.map((topic) => [topic.guid, topic]));
}

for (const version of ['2.1', '3.0'] as const) {
  describe(`official BCF ${version} test cases`, () => {
    for (const relative of casesUnder(version)) {
      it(`${relative}: imports, exports valid ${version} XML and round-trips`, async () => {
        const bytes = caseBytes(relative);
        const original = await readPackage(bytes);
        const projectId = await freshProject(relative);

        const preview = await importFile(t, admin, projectId, bytes, { dryRun: true });
        expect(preview.status).toBe(200);
        expect(preview.body.created).toBe(original.pkg.topics.length);

        const imported = await importFile(t, admin, projectId, bytes);
        expect(imported.status).toBe(201);
        expect(imported.body.items.filter((i) => i.action === 'failed')).toEqual([]);
        expect(imported.body.created).toBe(original.pkg.topics.length);

        const exported = await exportFile(t, admin, projectId, { version });
        expect(exported.status).toBe(200);
        const again = await readPackage(exported.bytes, version);
        expect(again.errors).toEqual([]);
        const before = byGuid(original.pkg);
        const after = byGuid(again.pkg);
        expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
        for (const [guid, topic] of before) {
          const out = after.get(guid);
          expect(out).toBeDefined();
          if (!out) continue;
          expect(comparable(out)).toEqual(comparable(topic));
          // Labels are kept; Obra adds one per discipline ("ARQ: todo").
          expect(out.labels).toEqual(expect.arrayContaining(topic.labels));
          if (version === '3.0') expect(out.serverAssignedId).toMatch(/^\d{3,}$/);
        }

        // Importing the export again updates the same issues.
        const reimported = await importFile(t, admin, projectId, exported.bytes);
        expect(reimported.body.failed).toBe(0);
        expect(reimported.body.created).toBe(0);
        expect(reimported.body.updated).toBe(original.pkg.topics.length);
      });
    }
  });
}

describe('README expectations', () => {
  it('MaximumInformation: two topics, labels, comments with a viewpoint, three snapshots as issue images', async () => {
    const projectId = await freshProject('Maximum');
    const answer = await importFile(
      t,
      admin,
      projectId,
      caseBytes('2.1/Markup/MaximumInformation/MaximumInformation.bcf'),
    );
    expect(answer.body.items.map((i) => i.title).sort()).toEqual(['Maximum Content', 'Referenced topic']);
    const main = answer.body.items.find((i) => i.title === 'Maximum Content');
    expect(main).toMatchObject({ comments: 4, viewpoints: 3, snapshots: 3 });
    const data = await call<{ issue: { priority: string; deadline: string; images: { id: number }[] } }>(
      t,
      admin,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { priority deadline images { id } } }',
      { p: projectId, i: main?.issueId },
    );
    expect(data.issue).toMatchObject({ priority: 'high', deadline: '2016-10-02' });
    expect(data.issue.images).toHaveLength(3);
    expect(answer.body.mapping.labels.map((l) => l.value).sort()).toEqual(['IT Development', 'Structural']);
  });

  it('Due date: the topic due date becomes the issue deadline', async () => {
    const projectId = await freshProject('Due date');
    const answer = await importFile(t, admin, projectId, caseBytes('3.0/Markup/Due Date/DueDate.bcf'));
    const issueId = answer.body.items[0]?.issueId;
    const data = await call<{ issue: { deadline: string } }>(
      t,
      admin,
      'query($p: Int!, $i: Int!) { issue(projectId: $p, issueId: $i) { deadline } }',
      { p: projectId, i: issueId },
    );
    const pkg = await readPackage(caseBytes('3.0/Markup/Due Date/DueDate.bcf'));
    expect(data.issue.deadline).toBe(pkg.pkg.topics[0]?.dueDate?.slice(0, 10));
  });

  it('User assignment: the assignee is reported and, when a project member, mentioned', async () => {
    const projectId = await freshProject('Assignment');
    const answer = await importFile(
      t,
      admin,
      projectId,
      caseBytes('3.0/Markup/User assignment/User assignment.bcf'),
      {
        dryRun: true,
      },
    );
    const pkg = await readPackage(caseBytes('3.0/Markup/User assignment/User assignment.bcf'));
    const assignee = pkg.pkg.topics[0]?.assignedTo;
    expect(assignee).toBeTruthy();
    expect(answer.body.mapping.users).toContainEqual(
      expect.objectContaining({ value: assignee, mappedTo: null, match: 'none' }),
    );
    expect(answer.body.items[0]?.warnings.join(' ')).toContain(assignee);
  });

  it('Document reference internal: the document travels in the exported package', async () => {
    const relative = '3.0/Markup/Document reference internal/Document reference internal.bcf';
    const projectId = await freshProject('Documents');
    await importFile(t, admin, projectId, caseBytes(relative));
    const exported = await readPackage((await exportFile(t, admin, projectId, { version: '3.0' })).bytes);
    expect(exported.pkg.documents.map((d) => d.filename)).toContain('ThisIsADocument.txt');
    const guid = exported.pkg.documents[0]?.guid;
    expect(exported.paths).toContain(`documents/${guid}`);
  });
});
