import { ActionIcon, Anchor, Badge, Group, Modal, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconChevronLeft,
  IconChevronRight,
  IconMailOpened,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { issueEditScope } from '@obra/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import {
  DeleteIssueFromViewDocument,
  SetIssueStarringDocument,
  SetIssueUnreadDocument,
} from '../../../gql/generated.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { FormError } from '../../../components/form-error.tsx';
import { EditIssueButton } from '../edit/edit-issue-button.tsx';
import { issueListPath, issueViewPath, useIssueNeighbours } from '../shared/issue-list-context.ts';
import {
  IssuePriorityIndicator,
  IssueStatusIndicator,
  IssueVisibilityIndicator,
} from '../shared/issue-indicators.tsx';
import { isIssuePendingFor } from './issue-rules.ts';
import type { IssueScreen } from './use-issue-screen.ts';
import { useDemoLock } from '../../demo-mode/demo-mode.tsx';
import { useQueueEdit, wantsQueue } from '../../offline/use-queue-edit.ts';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

/**
 * The issue's title bar: back to the list (with its filter), previous/next in the list's order, code and title,
 * indicators, the pending mark, star, mark unread, edit and delete.
 */
export function IssueViewHeader({ screen }: { screen: IssueScreen }) {
  const { t } = useTranslation('issue');
  const demo = useDemoLock();
  const navigate = useNavigate();
  const { issue } = screen;
  const neighbours = useIssueNeighbours(issue.projectId, issue.id);
  const [starring, setStarring] = useMutation(SetIssueStarringDocument);
  const [, setUnread] = useMutation(SetIssueUnreadDocument);
  const queueEdit = useQueueEdit();
  const [deleting, setDeleting] = useState(false);
  const starred = issue.userPersonalData.starred;
  const pending = isIssuePendingFor(issue, screen.editor, screen.statuses);
  const toggleStar = async () => {
    const edit = { kind: 'star' as const, projectId: issue.projectId, issueId: issue.id, starred: !starred };
    // Offline: applied to the offline copy and queued (issue 34).
    if (wantsQueue()) return void queueEdit(edit).then(screen.reload);
    const response = await setStarring({ projectId: issue.projectId, issueId: issue.id, starred: !starred });
    if (wantsQueue(response.error)) await queueEdit(edit).then(screen.reload);
    else if (response.error) showErrorToast(t, response.error);
    else screen.reload();
  };
  const markUnread = async () => {
    const response = await setUnread({ projectId: issue.projectId, issuesId: [issue.id] });
    if (response.error) showErrorToast(t, response.error);
    else void navigate(issueListPath(issue.projectId));
  };
  const go = (id: number | null) => id !== null && void navigate(issueViewPath(issue.projectId, id));
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to={issueListPath(issue.projectId)} size="sm" data-testid="back-to-list">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} />
            {t('backToList')}
          </Group>
        </Anchor>
        <Group gap={4} wrap="nowrap" data-testid="issue-neighbours">
          <ActionIcon
            variant="default"
            aria-label={t('previous')}
            title={t('previous')}
            disabled={neighbours.previousId === null}
            onClick={() => go(neighbours.previousId)}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          {neighbours.index >= 0 && (
            <Text size="xs" c="dimmed" data-testid="issue-position">
              {t('position', { current: neighbours.index + 1, total: neighbours.total })}
            </Text>
          )}
          <ActionIcon
            variant="default"
            aria-label={t('next')}
            title={t('next')}
            disabled={neighbours.nextId === null}
            onClick={() => go(neighbours.nextId)}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} miw={0} style={{ flex: '1 1 260px' }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Badge
              variant="outline"
              size="lg"
              radius="sm"
              data-testid="issue-code"
              styles={{ root: { flexShrink: 0 } }}
            >
              {issue.code}
            </Badge>
            <Title order={3} style={{ wordBreak: 'break-word' }} data-testid="issue-title">
              {issue.title}
            </Title>
          </Group>
          <Group gap={6}>
            <IssueStatusIndicator status={issue.status} />
            <IssuePriorityIndicator priority={issue.priority} />
            <IssueVisibilityIndicator visibility={issue.visibility} withHint />
            {pending && (
              <Badge color="orange" data-testid="issue-pending">
                {t('pendingForYou')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="yellow"
            size="lg"
            aria-label={starred ? t('unstar') : t('star')}
            aria-pressed={starred}
            loading={starring.fetching}
            onClick={() => void toggleStar()}
            data-testid="issue-star"
          >
            {starred ? <IconStarFilled size={20} /> : <IconStar size={20} />}
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('markUnread')}
            title={t('markUnread')}
            onClick={() => void markUnread()}
          >
            <IconMailOpened size={20} />
          </ActionIcon>
          {issueEditScope(screen.editor, issue) === 'full' && <EditIssueButton screen={screen} />}
          {issue.permissions.delete && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t('delete.action')}
              onClick={() => setDeleting(true)}
              data-testid="issue-delete"
              {...demo.lock}
            >
              <IconTrash size={20} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {deleting && <DeleteIssueDialog screen={screen} onClose={() => setDeleting(false)} />}
    </Stack>
  );
}

function DeleteIssueDialog({ screen, onClose }: { screen: IssueScreen; onClose: () => void }) {
  const { t } = useTranslation('issue');
  const navigate = useNavigate();
  const [result, remove] = useMutation(DeleteIssueFromViewDocument);
  const confirm = async () => {
    const response = await remove({ projectId: screen.issue.projectId, issueId: screen.issue.id });
    if (!response.error) void navigate(issueListPath(screen.issue.projectId));
  };
  return (
    <Modal opened onClose={onClose} title={t('delete.title')}>
      <Stack gap="sm">
        <Text size="sm">{t('delete.confirm', { code: screen.issue.code, title: screen.issue.title })}</Text>
        <FormError error={result.error} />
        <ConfirmActions
          cancelLabel={t('actions.cancel')}
          onCancel={onClose}
          confirmLabel={t('delete.action')}
          onConfirm={() => void confirm()}
          busy={result.fetching}
          danger
        />
      </Stack>
    </Modal>
  );
}
