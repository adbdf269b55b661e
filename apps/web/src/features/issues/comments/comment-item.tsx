import { ActionIcon, Anchor, Avatar, Badge, Box, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import type { CommentVisibility } from '@obra/domain';
import { IconDots, IconEye, IconHistory, IconMailOpened, IconPencil, IconTrash } from '@tabler/icons-react';
import { Fragment, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IssueCommentFieldsFragment } from '../../../gql/generated.ts';
import { AttachmentsCarousel } from '../view/attachments-carousel.tsx';
import { imageAttachments } from '../view/issue-attachments.ts';
import { displayName, useIssueFormatters } from '../view/issue-format.ts';
import { COMMENT_VISIBILITY_ORDER, commentActions } from './comment-visibility.ts';
import { messageSegments, personLabel, type MentionCandidate } from './mention-model.ts';
import { CommentFold } from './comment-fold.tsx';
import type { IssueReference } from './mention-textarea.tsx';

const VISIBILITY_COLORS: Record<string, string> = {
  creator: 'gray',
  group: 'violet',
  project_management: 'indigo',
  public: 'teal',
};

/** What a comment row can ask its thread to do. */
export interface CommentHandlers {
  readonly onEdit: (comment: IssueCommentFieldsFragment) => void;
  readonly onVisibility: (comment: IssueCommentFieldsFragment, visibility: CommentVisibility) => void;
  readonly onDelete: (comment: IssueCommentFieldsFragment) => void;
  readonly onMarkUnread: (comment: IssueCommentFieldsFragment) => void;
  readonly onHistory: (comment: IssueCommentFieldsFragment) => void;
}

/** One comment: author, date, visibility, the message with mentions and issue links, and its actions. */
export function CommentItem({
  comment,
  people,
  issues,
  projectId,
  handlers,
}: {
  comment: IssueCommentFieldsFragment;
  people: ReadonlyMap<number, MentionCandidate>;
  issues: readonly IssueReference[];
  projectId: number;
  handlers: CommentHandlers;
}) {
  const { t } = useTranslation('issue');
  const format = useIssueFormatters();
  const author = displayName(comment.createdByUser, t('unknownUser'));
  const actions = commentActions(comment);
  const deleted = comment.deletedAt !== null;
  return (
    <CommentCard
      visibility={comment.visibility}
      style={comment.hasNotification ? { borderColor: 'var(--mantine-color-blue-filled)' } : undefined}
      data-comment-id={comment.id}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <CommentByline photo={comment.createdByUser?.photo ?? null} author={author} color="dimmed">
            {format.dateTime(comment.createdAt)}
            {comment.editedAt && !deleted && ` · ${t('comments.edited')}`}
          </CommentByline>
        </Group>
        <Group gap={4} wrap="nowrap">
          {comment.hasNotification && (
            <Badge size="xs" color="blue" data-testid="comment-unread">
              {t('unread')}
            </Badge>
          )}
          <Badge
            size="xs"
            variant="light"
            color={VISIBILITY_COLORS[comment.visibility] ?? 'gray'}
            styles={{ root: { textTransform: 'none' } }}
            data-testid="comment-visibility-badge"
          >
            {t(`comments.visibilities.${comment.visibility}`, { defaultValue: comment.visibility })}
            {comment.group && `: ${comment.group.name}`}
          </Badge>
          {!deleted && <CommentMenu comment={comment} handlers={handlers} actions={actions} />}
        </Group>
      </Group>
      {deleted ? (
        <Text size="sm" c="dimmed" fs="italic" mt="xs" data-testid="comment-deleted">
          {t('comments.deleted', {
            user: displayName(comment.deletedByUser, t('unknownUser')),
            date: format.dateTime(comment.deletedAt),
          })}
          {comment.message && (
            <Text span c="dimmed" display="block">
              {comment.message}
            </Text>
          )}
        </Text>
      ) : (
        <CommentMessage>
          <CommentFold message={comment.message}>
            <MessageText comment={comment} people={people} issues={issues} projectId={projectId} />
          </CommentFold>
        </CommentMessage>
      )}
      {!deleted && comment.images.length > 0 && (
        <Box mt="xs" data-testid="comment-images">
          <AttachmentsCarousel attachments={imageAttachments(comment.images)} height={200} />
        </Box>
      )}
    </CommentCard>
  );
}

function MessageText({
  comment,
  people,
  issues,
  projectId,
}: {
  comment: IssueCommentFieldsFragment;
  people: ReadonlyMap<number, MentionCandidate>;
  issues: readonly IssueReference[];
  projectId: number;
}) {
  const mentioned = comment.mentionedUsers
    .map(
      (id) =>
        people.get(id) ??
        (comment.createdByUser?.id === id ? { id, label: personLabel(comment.createdByUser) } : undefined),
    )
    .filter((p): p is MentionCandidate => p !== undefined);
  return (
    <>
      {messageSegments(comment.message ?? '', mentioned, issues).map((segment, index) => {
        if (segment.kind === 'mention') {
          return (
            <Text key={index} span c="blue" fw={600} data-testid="comment-mention">
              {segment.text}
            </Text>
          );
        }
        if (segment.kind === 'issue') {
          return (
            <Anchor
              key={index}
              component={Link}
              to={`/workspace/project/${projectId}/issues/${segment.issueId}`}
            >
              {segment.text}
            </Anchor>
          );
        }
        return <Fragment key={index}>{segment.text}</Fragment>;
      })}
    </>
  );
}

function CommentMenu({
  comment,
  handlers,
  actions,
}: {
  comment: IssueCommentFieldsFragment;
  handlers: CommentHandlers;
  actions: ReturnType<typeof commentActions>;
}) {
  const { t } = useTranslation('issue');
  const [opened, setOpened] = useState(false);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="sm" aria-label={t('comments.actions')}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.edit && (
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => handlers.onEdit(comment)}>
            {t('comments.edit')}
          </Menu.Item>
        )}
        {actions.changeVisibility && (
          <>
            <Menu.Label>{t('comments.changeVisibility')}</Menu.Label>
            {COMMENT_VISIBILITY_ORDER.filter((v) => v !== comment.visibility).map((v) => (
              <Menu.Item
                key={v}
                leftSection={<IconEye size={14} />}
                onClick={() => handlers.onVisibility(comment, v)}
              >
                {t(`comments.visibilities.${v}`)}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        )}
        {actions.markUnread && (
          <Menu.Item
            leftSection={<IconMailOpened size={14} />}
            onClick={() => handlers.onMarkUnread(comment)}
          >
            {t('comments.markUnread')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconHistory size={14} />} onClick={() => handlers.onHistory(comment)}>
          {t('comments.history')}
        </Menu.Item>
        {actions.delete && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => handlers.onDelete(comment)}
          >
            {t('comments.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A comment's card, saved or still being sent; `data-*` attributes say which comment and how its sending goes.
 */
export function CommentCard({
  visibility,
  style,
  children,
  ...data
}: {
  visibility: string;
  style: CSSProperties | undefined;
  children: ReactNode;
} & { [attribute: `data-${string}`]: string | number | undefined }) {
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="comment"
      {...data}
      data-visibility={visibility}
      style={style}
    >
      {children}
    </Paper>
  );
}

/** Who wrote a comment (avatar and name) above a small line about it (when, or how its sending goes). */
export function CommentByline({
  photo,
  author,
  color,
  children,
}: {
  photo?: string | null;
  author: string;
  color: string;
  children: ReactNode;
}) {
  return (
    <>
      <Avatar src={photo} size={28} radius="xl" name={author} color="initials" />
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate>
          {author}
        </Text>
        <Text size="xs" c={color}>
          {children}
        </Text>
      </Stack>
    </>
  );
}

/** A comment's text, its line breaks kept and long words wrapped. */
export function CommentMessage({ children }: { children: ReactNode }) {
  return (
    <Text
      size="sm"
      mt="xs"
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
      data-testid="comment-message"
    >
      {children}
    </Text>
  );
}
