import { Button, Chip, Group, Stack, Text } from '@mantine/core';
import type { CommentVisibility } from '@obra/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient, useMutation, type Client } from 'urql';
import {
  CreateIssueCommentDocument,
  DeleteIssueCommentDocument,
  SetIssueCommentUnreadDocument,
  UpdateIssueCommentDocument,
  type IssueCommentFieldsFragment,
} from '../../../gql/generated.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import {
  enqueue,
  listOutbox,
  outboxAvailable,
  removeEntry,
  type OutboxEntry,
  type QueuedComment,
} from '../../../lib/offline/outbox.ts';
import { announce, OUTBOX_EVENT, type OfflineSyncEvent } from '../../../lib/offline/sync.ts';
import { uploadFile } from '../edit/upload-file.ts';
import { historyNames } from '../view/history-lines.ts';
import { displayName, useIssueFormatters } from '../view/issue-format.ts';
import type { IssueScreen } from '../view/use-issue-screen.ts';
import { CommentComposer, type CommentSubmission } from './comment-composer.tsx';
import { CommentHistoryDialog, DeleteCommentDialog } from './comment-dialogs.tsx';
import {
  CommentByline,
  CommentCard,
  CommentItem,
  CommentMessage,
  type CommentHandlers,
} from './comment-item.tsx';
import { CommentJump } from './comment-jump.tsx';
import {
  COMMENT_VISIBILITY_ORDER,
  DEFAULT_COMMENT_FILTER,
  filterCommentsByVisibility,
} from './comment-visibility.ts';
import { personLabel, type MentionCandidate } from './mention-model.ts';

/** A comment of one's own on its way to the server: shown at once, replaced by the saved one. */
interface PendingComment {
  readonly key: number;
  readonly message: string;
  readonly visibility: CommentVisibility;
  /** The saved comment's id once the server has confirmed it. */
  readonly savedId: number | null;
}

/**
 * The comments of the issue: a visibility filter (all four by default), the thread oldest first with each
 * comment's actions, and the composer. A new comment shows at once (optimistic) and is replaced by the saved
 * one when the issue reloads; refused, it leaves the thread with an error toast. Writes reload the issue;
 * others' comments arrive live.
 */
export function CommentThread({ screen }: { screen: IssueScreen }) {
  const { t } = useTranslation('issue');
  const format = useIssueFormatters();
  const { issue, general, usersById } = screen;
  const [shown, setShown] = useState<string[]>([...DEFAULT_COMMENT_FILTER]);
  const [editing, setEditing] = useState<{
    comment: IssueCommentFieldsFragment;
    visibility?: CommentVisibility;
  } | null>(null);
  const [deleting, setDeleting] = useState<IssueCommentFieldsFragment | null>(null);
  const [history, setHistory] = useState<IssueCommentFieldsFragment | null>(null);
  const [, create] = useMutation(CreateIssueCommentDocument);
  const [updated, update] = useMutation(UpdateIssueCommentDocument);
  const [removed, remove] = useMutation(DeleteIssueCommentDocument);
  const [, markUnread] = useMutation(SetIssueCommentUnreadDocument);
  const client = useClient();
  const people = useMemo<MentionCandidate[]>(
    () => general.mentionableUsers.map((u) => ({ id: u.id, label: personLabel(u), email: u.email })),
    [general.mentionableUsers],
  );
  const everyone = useMemo(
    () =>
      new Map<number, MentionCandidate>(
        [...usersById.values()].map((u) => [u.id, { id: u.id, label: personLabel(u), email: u.email }]),
      ),
    [usersById],
  );
  const comments = filterCommentsByVisibility(issue.comments, new Set(shown));
  const ids = { projectId: issue.projectId };

  const [pending, setPending] = useState<PendingComment[]>([]);
  const nextKey = useRef(0);
  // Comments written offline (issue 34): in the user's outbox until sent; the issue reloads once they are.
  const userId = screen.editor.userId;
  const [queued, setQueued] = useState<(OutboxEntry & { write: QueuedComment })[]>([]);
  const reload = useRef(screen.reload);
  reload.current = screen.reload;
  useEffect(() => {
    let live = true;
    const refresh = (event?: Event) => {
      void listOutbox(userId).then((entries) => {
        if (live)
          setQueued(
            entries.filter(
              (e): e is OutboxEntry & { write: QueuedComment } =>
                e.write.kind === 'comment' && e.write.issueId === issue.id,
            ),
          );
      });
      if ((event as CustomEvent<OfflineSyncEvent> | undefined)?.detail?.sentIssueIds.includes(issue.id))
        reload.current();
    };
    refresh();
    window.addEventListener(OUTBOX_EVENT, refresh);
    return () => {
      live = false;
      window.removeEventListener(OUTBOX_EVENT, refresh);
    };
  }, [userId, issue.id]);
  const queue = async (s: Omit<CommentSubmission, 'files'>): Promise<boolean> => {
    await enqueue(userId, {
      kind: 'comment',
      projectId: issue.projectId,
      issueId: issue.id,
      message: s.message,
      visibility: s.visibility,
      groupId: s.groupId ?? null,
      mentionedUsers: [...(s.mentionedUsers ?? [])],
    });
    announce();
    return true;
  };
  // A pending comment goes once the reloaded issue holds the saved one.
  useEffect(() => {
    const saved = new Set(issue.comments.map((c) => c.id));
    setPending((list) => {
      const left = list.filter((p) => p.savedId === null || !saved.has(p.savedId));
      return left.length === list.length ? list : left;
    });
  }, [issue.comments]);
  const send = async ({ files, ...s }: CommentSubmission): Promise<boolean> => {
    if (!navigator.onLine && outboxAvailable()) {
      if (files.length > 0) {
        showErrorToast(t, new Error(t('comments.offlinePictures')));
        return false;
      }
      return queue(s);
    }
    nextKey.current += 1;
    const key = nextKey.current;
    setPending((list) => [...list, { key, message: s.message, visibility: s.visibility, savedId: null }]);
    const drop = (error: unknown) => {
      setPending((list) => list.filter((p) => p.key !== key));
      showErrorToast(t, error);
      return false;
    };
    let images: { index: number; title: string; original: string }[] | undefined;
    try {
      images = files.length > 0 ? await uploadImages(client, issue.projectId, files) : undefined;
    } catch (error) {
      return drop(error);
    }
    const response = await create({
      ...ids,
      issueId: issue.id,
      ...s,
      ...(images ? { images } : {}),
      idempotencyKey: crypto.randomUUID(),
    });
    // The network dropped on the way: the comment waits in the outbox (without pictures, already uploaded or not).
    if (response.error?.networkError && !images && outboxAvailable()) {
      setPending((list) => list.filter((p) => p.key !== key));
      return queue(s);
    }
    const savedId = response.data?.createProjectIssueComment.id;
    if (response.error || savedId === undefined) return drop(response.error ?? new Error('UNEXPECTED'));
    setPending((list) => list.map((p) => (p.key === key ? { ...p, savedId } : p)));
    screen.reload();
    return true;
  };
  // An edit leaves the comment's pictures as they are (images not sent).
  const save = async (
    comment: IssueCommentFieldsFragment,
    { files: _files, ...s }: CommentSubmission,
  ): Promise<boolean> => {
    const response = await update({ ...ids, commentId: comment.id, ...s });
    if (response.error) showErrorToast(t, response.error);
    else {
      setEditing(null);
      screen.reload();
    }
    return !response.error;
  };
  const handlers: CommentHandlers = {
    onEdit: (comment) => setEditing({ comment }),
    onVisibility: (comment, visibility) => {
      // A group needs choosing: open the editor with group selected; other levels apply at once.
      if (visibility === 'group') setEditing({ comment, visibility });
      else
        void save(comment, {
          message: comment.message ?? '',
          visibility,
          groupId: null,
          mentionedUsers: comment.mentionedUsers,
          files: [],
        });
    },
    onDelete: (comment) => setDeleting(comment),
    onMarkUnread: async (comment) => {
      const response = await markUnread({ ...ids, issueId: issue.id, commentId: comment.id });
      if (response.error) showErrorToast(t, response.error);
      else screen.reload();
    },
    onHistory: (comment) => setHistory(comment),
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const response = await remove({ ...ids, commentId: deleting.id });
    if (!response.error) {
      setDeleting(null);
      screen.reload();
    }
  };
  const references = general.mentionableIssues;
  const composer = useRef<HTMLDivElement>(null);
  return (
    <Stack gap="sm" data-testid="comment-thread">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{t('comments.title', { count: issue.comments.length })}</Text>
        <Chip.Group multiple value={shown} onChange={setShown}>
          <Group gap={4} aria-label={t('comments.filter')} role="group">
            {COMMENT_VISIBILITY_ORDER.map((v) => (
              <Chip key={v} value={v} size="xs" wrapperProps={{ 'data-testid': `comment-filter-${v}` }}>
                {t(`comments.visibilities.${v}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Group>
      {issue.comments.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="comments-empty">
          {t('comments.empty')}
        </Text>
      )}
      {issue.comments.length > 0 && comments.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('comments.allFiltered')}
        </Text>
      )}
      {comments.map((comment) =>
        editing?.comment.id === comment.id ? (
          <CommentComposer
            key={comment.id}
            initial={{
              message: comment.message ?? '',
              visibility: editing.visibility ?? (comment.visibility as CommentVisibility),
              groupId: comment.groupId,
            }}
            initialMentioned={comment.mentionedUsers
              .map((id) => everyone.get(id))
              .filter((p): p is MentionCandidate => p !== undefined)}
            people={people}
            issues={references}
            groups={general.groups}
            issueVisibility={issue.visibility}
            busy={updated.fetching}
            onSubmit={(s) => save(comment, s)}
            onCancel={() => setEditing(null)}
            submitLabel={t('comments.save')}
            autoFocus
          />
        ) : (
          <CommentItem
            key={comment.id}
            comment={comment}
            people={everyone}
            issues={references}
            projectId={issue.projectId}
            handlers={handlers}
          />
        ),
      )}
      {pending.map((p) => (
        <PendingCommentItem
          key={`pending-${p.key}`}
          comment={p}
          author={displayName(usersById.get(screen.editor.userId) ?? null, t('unknownUser'))}
        />
      ))}
      {queued.map((entry) => (
        <PendingCommentItem
          key={`queued-${entry.seq}`}
          comment={{ message: entry.write.message, visibility: entry.write.visibility }}
          author={displayName(usersById.get(userId) ?? null, t('unknownUser'))}
          note={
            entry.state === 'queued' || entry.state === 'sending'
              ? t('comments.queued')
              : entry.state === 'gone'
                ? t('comments.notSentGone')
                : t('comments.notSentRefused', {
                    message: t(`errors:${entry.code ?? 'UNEXPECTED'}`, { defaultValue: entry.code }),
                  })
          }
          state={entry.state}
          onDiscard={
            entry.state === 'queued' || entry.state === 'sending'
              ? undefined
              : () => void removeEntry(userId, entry.seq).then(() => announce())
          }
        />
      ))}
      <CommentJump count={comments.length + pending.length + queued.length} composer={composer} />
      <div ref={composer}>
        <CommentComposer
          initial={{ message: '', visibility: 'public', groupId: null }}
          people={people}
          issues={references}
          groups={general.groups}
          issueVisibility={issue.visibility}
          busy={false}
          onSubmit={send}
          submitLabel={t('comments.send')}
          allowFiles
          clearOnSend
        />
      </div>
      <DeleteCommentDialog
        comment={deleting}
        busy={removed.fetching}
        error={removed.error}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
      <CommentHistoryDialog
        projectId={issue.projectId}
        comment={history}
        names={historyNames(screen, t, format.date)}
        onClose={() => setHistory(null)}
      />
    </Stack>
  );
}

/**
 * One's own new comment while the server saves it, or waiting in the offline outbox (`note` says which, and a
 * write the server would not take can be discarded; its text stays shown until then, to be copied).
 */
function PendingCommentItem({
  comment,
  author,
  note,
  state,
  onDiscard,
}: {
  comment: { message: string; visibility: string };
  author: string;
  note?: string;
  state?: OutboxEntry['state'];
  onDiscard?: (() => void) | undefined;
}) {
  const { t } = useTranslation('issue');
  return (
    <CommentCard
      visibility={comment.visibility}
      style={{ opacity: state === 'queued' || state === undefined ? 0.7 : 1 }}
      data-pending="true"
      data-outbox={state}
    >
      <Group gap="xs" wrap="nowrap">
        <CommentByline author={author} color={state === 'refused' || state === 'gone' ? 'red' : 'dimmed'}>
          {note ?? t('comments.sending')}
        </CommentByline>
      </Group>
      <CommentMessage>{comment.message}</CommentMessage>
      {onDiscard && (
        <Button size="compact-xs" variant="subtle" color="red" mt="xs" onClick={onDiscard}>
          {t('comments.discard')}
        </Button>
      )}
    </CommentCard>
  );
}

/** Uploads a comment's pictures and returns them as the comment's images, in the order chosen. */
async function uploadImages(client: Client, projectId: number, files: readonly File[]) {
  const images: { index: number; title: string; original: string }[] = [];
  for (const [index, file] of files.entries()) {
    images.push({
      index,
      title: file.name.replace(/\.[^.]+$/, ''),
      original: await uploadFile(client, projectId, file),
    });
  }
  return images;
}
