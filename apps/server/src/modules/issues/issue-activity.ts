import type { Db } from '../../db/database.ts';
import { emitProjectEvent } from '../../db/unit-of-work.ts';
import { checkMentions, notifyUsers } from './notifications/issue-notification-recipients.ts';
import { findIssueById, setIssueMentions } from './issue-repository.ts';
import { writeIssueHistory, type HistoryChanges } from './issue-history-repository.ts';

/** What createIssue / updateIssue hand over once they have stored an issue's row and children. */
export interface IssueChange {
  readonly issueId: number;
  readonly userId: number;
  readonly action: 'created' | 'updated';
  /** The changed fields, for the history entry. */
  readonly fields: HistoryChanges;
  /** The issue's visibility after the change (who may read the entry). */
  readonly issueVisibility: string;
  /** Sent: replaces the stored mentions (project users only, else BAD_USER_INPUT); absent: keeps them. */
  readonly mentionedUsers?: readonly number[] | null | undefined;
}

/**
 * Records a created or updated issue, inside its transaction, as one step of the store: its history entry
 * (writeIssueHistory, the one writer), the mentions, the unread marks of that entry for the interested users
 * (mention marks for the newly mentioned) and the issue event, published after commit.
 */
export async function recordIssueChange(tx: Db, change: IssueChange): Promise<void> {
  const input = {
    ...change,
    historyId: await writeIssueHistory(tx, {
      issueId: change.issueId,
      entityType: 'issue',
      fields: change.fields,
      issueVisibility: change.issueVisibility,
      userId: change.userId,
    }),
  };
  const issue = await findIssueById(tx, input.issueId);
  if (!issue) return;
  const before = Array.isArray(issue.mentionedUserIds) ? (issue.mentionedUserIds as number[]) : [];
  let mentioned = before;
  if (input.mentionedUsers != null) {
    mentioned = await checkMentions(tx, issue.projectId, input.mentionedUsers);
    await setIssueMentions(tx, issue.id, mentioned);
  }
  const added = mentioned.filter((id) => !before.includes(id));
  await notifyUsers(tx, {
    issue: { ...issue, mentionedUserIds: mentioned },
    actorId: input.userId,
    historyId: input.historyId,
    mentioned: added,
    tellInterested: true,
  });
  emitProjectEvent({ kind: 'issue', action: input.action, projectId: issue.projectId, issueId: issue.id });
}
