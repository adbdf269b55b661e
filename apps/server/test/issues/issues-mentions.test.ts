import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';
import { buildIssueWorld, CREATE_ISSUE, draft, type IssueWorld } from './issue-test-kit.ts';
import { commentAs, DELETE_COMMENT } from './comment-test-kit.ts';

let t: TestServer;
let w: IssueWorld;

beforeAll(async () => {
  t = await startTestServer();
  w = await buildIssueWorld(t);
});
afterAll(async () => {
  await t.close();
});

const CREATE_MENTIONING = CREATE_ISSUE.replace(
  '$bimPins: JSON)',
  '$bimPins: JSON, $mentionedUsers: [Int!])',
).replace('bimPins: $bimPins)', 'bimPins: $bimPins, mentionedUsers: $mentionedUsers)');

interface Mention {
  _id: string;
  issueId: number;
  commentId: number | null;
  mentionedUsers: number[];
}

const GENERAL = `query($p: Int!) { projectIssuesGeneralData(projectId: $p) {
  mentions { _id issueId commentId mentionedUsers } mentionableUsers { id } mentionableIssues { id code } } }`;
const PROJECT = `query($p: Int!) { projectData(projectId: $p) {
  mentions { _id issueId commentId mentionedUsers } mentionableIssues { id code }
  company { id name projects { id roleId } } } }`;

async function general(user: TestUser) {
  return (
    await call<{
      projectIssuesGeneralData: { mentions: Mention[]; mentionableUsers: { id: number }[] };
    }>(t, user, GENERAL, { p: w.projectId })
  ).projectIssuesGeneralData;
}

async function project(user: TestUser) {
  return (
    await call<{
      projectData: {
        mentions: Mention[];
        mentionableIssues: { id: number; code: string }[];
        company: { id: number; projects: { id: number; roleId: number }[] };
      };
    }>(t, user, PROJECT, { p: w.projectId })
  ).projectData;
}

describe('mention records', () => {
  it('serves the mentions of the issues and comments the caller sees, and nothing of the others', async () => {
    const target = w.collaboratorSame.id;
    const open = await call<{ createIssue: { id: number } }>(
      t,
      w.creator,
      CREATE_MENTIONING,
      draft(w, { mentionedUsers: [target] }),
    );
    const issueId = open.createIssue.id;
    const hiddenIssue = await call<{ createIssue: { id: number } }>(
      t,
      w.creator,
      CREATE_MENTIONING,
      draft(w, { visibility: 'project_management', mentionedUsers: [target] }),
    );
    const publicComment = await commentAs(t, w.creator, w, issueId, { mentionedUsers: [target] });
    const groupComment = await commentAs(t, w.groupMember, w, issueId, {
      visibility: 'group',
      groupId: w.groupId,
      mentionedUsers: [w.creator.id],
    });
    const deleted = await commentAs(t, w.creator, w, issueId, { mentionedUsers: [target] });
    await call(t, w.creator, DELETE_COMMENT, { projectId: w.projectId, commentId: deleted.id });
    await commentAs(t, w.creator, w, issueId, { message: 'Sem menção' });

    const seenByCreator = (await general(w.creator)).mentions;
    expect(seenByCreator).toEqual([
      { _id: `issue:${issueId}`, issueId, commentId: null, mentionedUsers: [target] },
      {
        _id: `issue:${hiddenIssue.createIssue.id}`,
        issueId: hiddenIssue.createIssue.id,
        commentId: null,
        mentionedUsers: [target],
      },
      { _id: `comment:${publicComment.id}`, issueId, commentId: publicComment.id, mentionedUsers: [target] },
    ]);
    // The group's comment is seen by its members only; the management issue by managers only.
    const seenByMember = (await general(w.groupMember)).mentions.map((m) => m._id);
    expect(seenByMember).toEqual([
      `issue:${issueId}`,
      `comment:${publicComment.id}`,
      `comment:${groupComment.id}`,
    ]);
    const seenByOther = (await general(w.collaboratorOther)).mentions.map((m) => m._id);
    expect(seenByOther).toEqual([`issue:${issueId}`, `comment:${publicComment.id}`]);
    expect(JSON.stringify(await general(w.collaboratorOther))).not.toContain(
      `"commentId":${groupComment.id}`,
    );
    // The people one can mention are served apart, without the caller.
    const people = (await general(w.creator)).mentionableUsers.map((u) => u.id);
    expect(people).toContain(target);
    expect(people).not.toContain(w.creator.id);
    // The project serves the same records and the issues one may reference.
    const p = await project(w.collaboratorOther);
    expect(p.mentions.map((m) => m._id)).toEqual(seenByOther);
    expect(p.mentionableIssues.map((i) => i.id)).toContain(issueId);
    expect(p.mentionableIssues.map((i) => i.id)).not.toContain(hiddenIssue.createIssue.id);
  });

  it("serves the owner company's part in the projects the caller's company shares with it", async () => {
    const asOwner = await project(w.creator);
    expect(asOwner.company.projects).toEqual([{ id: w.projectId, roleId: 1 }]);
    const asPartner = await project(w.collaboratorOther);
    expect(asPartner.company.projects).toEqual([{ id: w.projectId, roleId: 1 }]);
  });
});
