import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '@obra/domain';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { call, codeOf, SET_DISCIPLINES } from '../projects/project-test-kit.ts';
import { CREATE_COMMENT, UPDATE_COMMENT } from './comment-test-kit.ts';
import {
  buildIssueWorld,
  CREATE_ISSUE,
  createIssueAs,
  draft,
  UPDATE_ISSUE,
  type IssueWorld,
} from './issue-test-kit.ts';

/** Every user text has a limit (TEXT_LIMITS, docs/text-limits.md); longer text is refused with TEXT_TOO_LONG. */
let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

const text = (n: number) => 'a'.repeat(n);

async function errorOf(query: string, variables: Record<string, unknown>) {
  const res = await t.gql(query, variables, { token: w.creator.token });
  return res.errors?.[0]?.extensions;
}

describe('text limits', () => {
  it('refuses an issue title or description beyond its limit on create and update, naming the field', async () => {
    // What the audit sent: a 20,000-character title and a 1 MB description.
    expect(await errorOf(CREATE_ISSUE, draft(w, { title: text(20_000) }))).toMatchObject({
      code: 'TEXT_TOO_LONG',
      details: { field: 'title', max: TEXT_LIMITS.issueTitle },
    });
    expect(await errorOf(CREATE_ISSUE, draft(w, { description: text(1_000_000) }))).toMatchObject({
      code: 'TEXT_TOO_LONG',
      details: { field: 'description', max: TEXT_LIMITS.issueDescription },
    });
    expect(
      await codeOf(t, w.creator, CREATE_ISSUE, draft(w, { title: text(TEXT_LIMITS.issueTitle + 1) })),
    ).toBe('TEXT_TOO_LONG');
    const id = await createIssueAs(
      t,
      w.creator,
      draft(w, { title: text(TEXT_LIMITS.issueTitle), description: text(TEXT_LIMITS.issueDescription) }),
    );
    const update = (vars: Record<string, unknown>) =>
      codeOf(t, w.creator, UPDATE_ISSUE, { projectId: w.projectId, issueId: id, ...vars });
    expect(await update({ title: text(TEXT_LIMITS.issueTitle + 1) })).toBe('TEXT_TOO_LONG');
    expect(await update({ description: text(TEXT_LIMITS.issueDescription + 1) })).toBe('TEXT_TOO_LONG');
  });

  it('refuses a comment message beyond its limit, on create and on edit', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    const base = { projectId: w.projectId, issueId, visibility: 'public' };
    // What the audit sent: a 114,000-character comment.
    expect(await errorOf(CREATE_COMMENT, { ...base, message: text(114_000) })).toMatchObject({
      code: 'TEXT_TOO_LONG',
      details: { field: 'message', max: TEXT_LIMITS.commentMessage },
    });
    const created = await call<{ createProjectIssueComment: { id: number } }>(t, w.creator, CREATE_COMMENT, {
      ...base,
      message: text(TEXT_LIMITS.commentMessage),
    });
    expect(
      await codeOf(t, w.creator, UPDATE_COMMENT, {
        projectId: w.projectId,
        commentId: created.createProjectIssueComment.id,
        message: text(TEXT_LIMITS.commentMessage + 1),
        visibility: 'public',
      }),
    ).toBe('TEXT_TOO_LONG');
  });

  it('refuses an image title beyond its limit, naming the image', async () => {
    const issueId = await createIssueAs(t, w.creator, draft(w));
    expect(
      await errorOf(
        `mutation($projectId: Int!, $issueId: Int!, $images: [IssueImageInput!]) {
          updateIssue(projectId: $projectId, issueId: $issueId, images: $images) { id } }`,
        {
          projectId: w.projectId,
          issueId,
          images: [{ original: 'upload', title: text(TEXT_LIMITS.imageTitle + 1) }],
        },
      ),
    ).toMatchObject({
      code: 'TEXT_TOO_LONG',
      details: { field: 'images.0.title', max: TEXT_LIMITS.imageTitle },
    });
  });

  it('refuses setup names beyond their limits', async () => {
    const tooLongName = text(TEXT_LIMITS.name + 1);
    expect(
      await codeOf(
        t,
        w.creator,
        'mutation($p: Int!, $n: String!) { createProjectGroup(projectId: $p, name: $n) { id } }',
        { p: w.projectId, n: tooLongName },
      ),
    ).toBe('TEXT_TOO_LONG');
    expect(
      await codeOf(
        t,
        w.creator,
        'mutation($p: Int!, $tags: [ProjectUserTagInput!]!) { setProjectUserTags(projectId: $p, tags: $tags) { id } }',
        { p: w.projectId, tags: [{ name: tooLongName }] },
      ),
    ).toBe('TEXT_TOO_LONG');
    expect(
      await codeOf(t, w.creator, SET_DISCIPLINES, {
        projectId: w.projectId,
        disciplines: [{ name: tooLongName, abbreviation: 'X' }],
      }),
    ).toBe('TEXT_TOO_LONG');
    expect(
      await codeOf(
        t,
        w.creator,
        'mutation($p: Int!, $n: String) { updateProject(projectId: $p, name: $n) { id } }',
        {
          p: w.projectId,
          n: tooLongName,
        },
      ),
    ).toBe('TEXT_TOO_LONG');
  });
});
