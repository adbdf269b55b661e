import { Center, Loader, Modal, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { IssueCommentHistoryDocument, type IssueCommentFieldsFragment } from '../../../gql/generated.ts';
import { FormError } from '../../../components/form-error.tsx';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';
import { commentHistoryLines, type HistoryNames } from '../view/history-lines.ts';
import { fieldChanges } from '../view/history-model.ts';
import { displayName, useIssueFormatters } from '../view/issue-format.ts';

/** Deleting a comment asks for confirmation (spec core §4, editor §5.3). */
export function DeleteCommentDialog({
  comment,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  comment: IssueCommentFieldsFragment | null;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('issue');
  return (
    <Modal opened={comment !== null} onClose={onClose} title={t('comments.deleteTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('comments.deleteConfirm')}</Text>
        {comment?.message && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
            {comment.message}
          </Text>
        )}
        <FormError error={error} />
        <ConfirmActions
          cancelLabel={t('actions.cancel')}
          onCancel={onClose}
          confirmLabel={t('comments.delete')}
          onConfirm={onConfirm}
          danger
          busy={busy}
          testId="confirm-delete-comment"
        />
      </Stack>
    </Modal>
  );
}

/** The history of one comment (getProjectIssueCommentHistory), oldest first. */
export function CommentHistoryDialog({
  projectId,
  comment,
  names,
  onClose,
}: {
  projectId: number;
  comment: IssueCommentFieldsFragment | null;
  names: HistoryNames;
  onClose: () => void;
}) {
  const { t } = useTranslation('issue');
  return (
    <Modal opened={comment !== null} onClose={onClose} title={t('comments.historyTitle')} size="lg">
      {comment && <CommentHistoryBody projectId={projectId} commentId={comment.id} names={names} />}
    </Modal>
  );
}

function CommentHistoryBody({
  projectId,
  commentId,
  names,
}: {
  projectId: number;
  commentId: number;
  names: HistoryNames;
}) {
  const { t } = useTranslation('issue');
  const format = useIssueFormatters();
  const [result] = useQuery({ query: IssueCommentHistoryDocument, variables: { projectId, commentId } });
  if (result.fetching && !result.data) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  if (result.error) return <FormError error={result.error} />;
  const entries = result.data?.getProjectIssueCommentHistory ?? [];
  return (
    <Timeline bulletSize={14} data-testid="comment-history">
      {entries.map((entry) => (
        <Timeline.Item
          key={entry._id}
          title={`${displayName(entry.user, t('unknownUser'))} · ${format.dateTime(entry.dataTime)}`}
        >
          {fieldChanges(entry.fields).flatMap((change) =>
            commentHistoryLines(change, t, names).map((line, i) => (
              <Text key={`${change.field}-${i}`} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {line}
              </Text>
            )),
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
