import { sql } from 'drizzle-orm';
import type { TestServer } from '../support/test-server.ts';
import type { TestUser } from '../support/factories.ts';
import { call } from '../projects/project-test-kit.ts';
import type { IssueWorld } from './issue-test-kit.ts';

const USER = 'id name lastName email photo company { name logo }';

export const COMMENT_FIELDS = `id issueId message visibility issueVisibility groupId group { id name } permissions { edit delete }
  createdAt createdByUserId createdByUser { ${USER} } editedAt editedByUserId editedByUser { ${USER} }
  visibilityUpdatedAt visibilityUpdatedByUserId visibilityUpdatedByUser { id } deletedAt deletedByUserId deletedByUser { id }
  hasNotification mentionedUsers`;

export const CREATE_COMMENT = `mutation($projectId: Int!, $issueId: Int!, $message: String, $visibility: String, $images: JSON,
  $mentionedUsers: [Int!], $groupId: Int) {
  createProjectIssueComment(projectId: $projectId, issueId: $issueId, message: $message, visibility: $visibility, images: $images,
    mentionedUsers: $mentionedUsers, groupId: $groupId) { ${COMMENT_FIELDS} } }`;

export const UPDATE_COMMENT = `mutation($projectId: Int!, $commentId: Int!, $message: String, $visibility: String,
  $mentionedUsers: [Int!], $images: JSON, $groupId: Int) {
  updateProjectIssueComment(projectId: $projectId, commentId: $commentId, message: $message, visibility: $visibility,
    mentionedUsers: $mentionedUsers, images: $images, groupId: $groupId) { ${COMMENT_FIELDS} } }`;

export const DELETE_COMMENT = `mutation($projectId: Int!, $commentId: Int!) { deleteProjectIssueComment(projectId: $projectId, commentId: $commentId) }`;

export const COMMENT_HISTORY = `query($projectId: Int!, $commentId: Int!) { getProjectIssueCommentHistory(projectId: $projectId, commentId: $commentId) {
  _id userId user { ${USER} } issueId entityType fields issueVisibility commentVisibility dataTime } }`;

export const ISSUE_WITH_COMMENTS = `query($projectId: Int!, $issueId: Int!) { issue(projectId: $projectId, issueId: $issueId) {
  id mentionedUsers comments { ${COMMENT_FIELDS} } notificationsSummary { count mentions last }
  notifications { _id projectId commentId historicId } history { _id entityType hasNotification } } }`;

export const MARK_READ = `mutation($ids: [Int!]!) { deleteProjectIssueNotifications(issuesId: $ids) }`;
export const MARK_UNREAD = `mutation($projectId: Int!, $ids: [Int!]!) { setProjectIssuesUnread(projectId: $projectId, issuesId: $ids) }`;
export const MARK_COMMENT_UNREAD = `mutation($projectId: Int!, $issueId: Int!, $commentId: Int!) {
  setProjectIssueCommentUnread(projectId: $projectId, issueId: $issueId, commentId: $commentId) }`;

/** A comment as the tests read it. */
export interface CommentData {
  id: number;
  issueId: number;
  message: string | null;
  visibility: string;
  issueVisibility: string;
  groupId: number | null;
  group: { id: number; name: string } | null;
  permissions: { edit: boolean; delete: boolean };
  createdByUserId: number;
  createdByUser: { id: number; email: string; company: { name: string } | null } | null;
  editedAt: string | null;
  editedByUser: { id: number } | null;
  visibilityUpdatedAt: string | null;
  deletedAt: string | null;
  deletedByUserId: number | null;
  hasNotification: boolean;
  mentionedUsers: number[];
}

/** An issue detail with the fields of this area. */
export interface IssueDetail {
  id: number;
  mentionedUsers: number[];
  comments: CommentData[];
  notificationsSummary: { count: number; mentions: number; last: string | null };
  notifications: { _id: number; projectId: number; commentId: number | null; historicId: number | null }[];
  history: { _id: number; entityType: string; hasNotification: boolean }[];
}

/** Creates a comment and returns it. */
export async function commentAs(
  t: TestServer,
  user: TestUser,
  w: IssueWorld,
  issueId: number,
  vars: Record<string, unknown> = {},
): Promise<CommentData> {
  const data = await call<{ createProjectIssueComment: CommentData }>(t, user, CREATE_COMMENT, {
    projectId: w.projectId,
    issueId,
    message: 'Favor revisar a cota do duto.',
    visibility: 'public',
    ...vars,
  });
  return data.createProjectIssueComment;
}

/** The issue detail as a user sees it. */
export async function detailAs(
  t: TestServer,
  user: TestUser,
  w: IssueWorld,
  issueId: number,
): Promise<IssueDetail> {
  return (
    await call<{ issue: IssueDetail }>(t, user, ISSUE_WITH_COMMENTS, { projectId: w.projectId, issueId })
  ).issue;
}

/** Removes every unread mark (so a test starts from a clean count). */
export async function clearNotifications(t: TestServer): Promise<void> {
  await t.server.services.database.db.execute(sql`delete from issue_notifications`);
}

/** Sets a project inactive straight in the database. */
export async function setProjectStatus(t: TestServer, projectId: number, status: number): Promise<void> {
  await t.server.services.database.db.execute(
    sql`update projects set status = ${status} where id = ${projectId}`,
  );
}
