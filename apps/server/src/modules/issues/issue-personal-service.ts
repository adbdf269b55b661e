import { AppError } from '@obra/domain';
import type { AppServices } from '../../services.ts';
import type { Actor } from '../../auth/actor.ts';
import { loadProjectAccess, type ProjectAccess } from '../projects/project-access.ts';
import { requireIssueReader } from '../projects/project-access.ts';
import { listGroups } from '../projects/project-group-service.ts';
import { listUserTags, ownUserTagIds } from '../projects/project-group-repository.ts';
import { listProjectUsers } from '../projects/project-query-service.ts';
import { loadVisibleIssue } from './issue-repository.ts';
import { writeIssueTagIds } from './issue-user-state-repository.ts';
import {
  listMentionableIssues,
  listProjectMentions,
  type MentionRecord,
} from './issue-mention-repository.ts';

/**
 * setProjectIssueUserTags (spec core §7): the caller's personal tags on an issue they see, replacing the
 * previous ones. Tags are the caller's own (setProjectUserTags) in this project; any other id is refused.
 * Personal marks are allowed on inactive projects too, like starring.
 */
export async function setIssueUserTags(
  services: AppServices,
  actor: Actor,
  input: { projectId: number; issueId: number; tags: readonly number[] },
): Promise<boolean> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, input.projectId);
  const row = await loadVisibleIssue(db, access, input.issueId);
  const wanted = [...new Set(input.tags)].sort((a, b) => a - b);
  if (wanted.length > 0) {
    const own = await ownUserTagIds(db, input.projectId, actor.account.id, wanted);
    if (own.length !== wanted.length) throw new AppError('BAD_USER_INPUT', 'unknown tag', { field: 'tags' });
  }
  await writeIssueTagIds(db, row.id, actor.account.id, wanted);
  return true;
}

/** What the issue screens need besides the issues (spec core §7 projectIssuesGeneralData). */
export interface IssuesGeneralData {
  access: ProjectAccess;
  userTags: { id: number; name: string }[];
  mentions: MentionRecord[];
  mentionableUsers: Awaited<ReturnType<typeof listProjectUsers>>;
  groups: Awaited<ReturnType<typeof listGroups>>;
  mentionableIssues: { id: number; code: string; title: string }[];
}

/**
 * projectIssuesGeneralData: the caller's personal tags, the mention records they may see, the people they can
 * mention (every user of the companies taking part, without the caller), the project's groups, and the issues
 * they can reference in a text (id, code, title of the issues they see, newest code first). Six queries
 * whatever the project size.
 */
export async function issuesGeneralData(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<IssuesGeneralData> {
  const { db } = services.database;
  const access = await loadProjectAccess(db, actor, projectId);
  requireIssueReader(access);
  const [userTags, users, groups, mentionableIssues, mentions] = await Promise.all([
    listUserTags(db, projectId, actor.account.id),
    listProjectUsers(db, projectId),
    listGroups(db, access),
    listMentionableIssues(db, access),
    listProjectMentions(db, access),
  ]);
  return {
    access,
    userTags,
    mentions,
    mentionableUsers: users.filter((u) => u.id !== actor.account.id),
    groups,
    mentionableIssues,
  };
}
