import type { Db } from '../../db/database.ts';
import { emitProjectEvent } from '../../db/unit-of-work.ts';
import { checkMentions, notifyUsers } from './notifications/issue-notification-recipients.ts';
import { setIssueMentions, type IssueRow } from './issue-repository.ts';
import { writeIssueHistory, type HistoryChanges } from './issue-history-repository.ts';

/** What createIssue / updateIssue hand over once they have stored an issue's row and children. */
export interface IssueChange {
  /** The issue's row as just stored (its visibility says who may read the entry and who is told). */
  readonly issue: IssueRow;
  readonly userId: number;
  readonly action: 'created' | 'updated';
  /** The changed fields, for the history entry. */
  readonly fields: HistoryChanges;
  /** Sent: replaces the stored mentions (project users only, else BAD_USER_INPUT); absent: keeps them. */
  readonly mentionedUsers?: readonly number[] | null | undefined;
}

/**
 * Records a created or updated issue, inside its transaction, as one step of the store: its history entry
 * (writeIssueHistory, the one writer), the mentions, the unread marks of that entry for the interested users
 * (mention marks for the newly mentioned) and the issue event, published after commit. The stored row is the
 * one the store answered (not read again).
 */
export async function recordIssueChange(tx: Db, change: IssueChange): Promise<void> {
  const { issue } = change;
  const historyId = await writeIssueHistory(tx, {
    issueId: issue.id,
    entityType: 'issue',
    fields: change.fields,
    issueVisibility: issue.visibility,
    userId: change.userId,
  });
  const before = Array.isArray(issue.mentionedUserIds) ? (issue.mentionedUserIds as number[]) : [];
  let mentioned = before;
  if (change.mentionedUsers != null) {
    mentioned = await checkMentions(tx, issue.projectId, change.mentionedUsers);
    await setIssueMentions(tx, issue.id, mentioned);
  }
  const added = mentioned.filter((id) => !before.includes(id));
  await notifyUsers(tx, {
    issue: { ...issue, mentionedUserIds: mentioned },
    actorId: change.userId,
    historyId,
    mentioned: added,
    tellInterested: true,
  });
  emitProjectEvent({ kind: 'issue', action: change.action, projectId: issue.projectId, issueId: issue.id });
}
