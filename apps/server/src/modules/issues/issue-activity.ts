import type { Db } from '../../db/database.ts';
import { emitProjectEvent } from '../../db/unit-of-work.ts';
import { checkMentions, notifyUsers } from './notifications/issue-notification-recipients.ts';
import { findIssueById, setIssueMentions } from './issue-repository.ts';

/** What createIssue / updateIssue hand over once they have stored an issue and its history entry. */
export interface IssueActivityInput {
  readonly issueId: number;
  readonly userId: number;
  readonly action: 'created' | 'updated';
  /** The history entry just written (writeIssueHistory): the unread marks point at it. */
  readonly historyId: number;
  /** Sent: replaces the stored mentions (project users only, else BAD_USER_INPUT); absent: keeps them. */
  readonly mentionedUsers?: readonly number[] | null | undefined;
}

/**
 * The issue side of notifications, called inside the create / update transaction right after the history
 * insert: stores the mentions, creates the unread marks of the new history entry for the interested users
 * (mention marks for the newly mentioned) and emits the issue event, published after commit.
 */
export async function recordIssueActivity(tx: Db, input: IssueActivityInput): Promise<void> {
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
