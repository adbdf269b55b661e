import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import type { CommentVisibility } from '@obra/domain';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textLimitProps } from '../../../lib/text-limit.ts';
import { imageFileProblem } from '../edit/form-images-model.ts';
import {
  audienceKey,
  COMMENT_VISIBILITY_ORDER,
  commentVariables,
  validateCommentDraft,
  type CommentDraft,
  type CommentDraftErrors,
} from './comment-visibility.ts';
import { mentionedIdsIn, type MentionCandidate } from './mention-model.ts';
import { MentionTextarea, type IssueReference } from './mention-textarea.tsx';
import { useDemoLock } from '../../demo-mode/demo-mode.tsx';
import { ImproveText } from '../../ai/improve-text.tsx';

/** What the composer sends: the checked draft's values and the people still mentioned in it. */
export interface CommentSubmission {
  readonly message: string;
  readonly visibility: CommentVisibility;
  readonly groupId: number | null;
  readonly mentionedUsers: number[];
  /** Pictures to attach (new comments only). */
  readonly files: File[];
}

/**
 * Writes or edits a comment: the message with mentions, its visibility (creator, group, project management,
 * public) and, for group visibility, the group. Ctrl+Enter sends; Escape cancels an edit.
 */
export function CommentComposer({
  initial,
  initialMentioned = [],
  people,
  issues,
  groups,
  issueVisibility,
  busy,
  onSubmit,
  onCancel,
  submitLabel,
  autoFocus,
  allowFiles = false,
  clearOnSend = false,
}: {
  initial: CommentDraft;
  initialMentioned?: readonly MentionCandidate[];
  people: readonly MentionCandidate[];
  issues: readonly IssueReference[];
  groups: readonly { id: number; name: string }[];
  issueVisibility: string;
  busy: boolean;
  /** Resolves true when the comment was saved (the composer then clears). */
  onSubmit: (submission: CommentSubmission) => Promise<boolean>;
  onCancel?: () => void;
  submitLabel: string;
  autoFocus?: boolean;
  /** Offer attaching pictures (new comments). */
  allowFiles?: boolean;
  /**
   * Clear the composer as soon as the comment is sent (the thread shows it at once); if the server refuses it,
   * the draft comes back unless something new was typed meanwhile.
   */
  clearOnSend?: boolean;
}) {
  const { t } = useTranslation(['issue', 'enums', 'errors']);
  const [draft, setDraft] = useState<CommentDraft>(initial);
  const demo = useDemoLock();
  const [chosen, setChosen] = useState<MentionCandidate[]>([...initialMentioned]);
  const [errors, setErrors] = useState<CommentDraftErrors>({});
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const attach = (chosen: File[]) => {
    setRefused(
      chosen
        .filter((f) => imageFileProblem(f))
        .map((f) => `${f.name}: ${t(`errors:${imageFileProblem(f) ?? ''}`)}`),
    );
    setFiles((list) => [...list, ...chosen.filter((f) => !imageFileProblem(f))]);
  };
  const submit = async () => {
    if (busy) return;
    const found = validateCommentDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const submission = {
      ...commentVariables(draft),
      mentionedUsers: mentionedIdsIn(draft.message, chosen),
      files,
    };
    const clear = () => {
      setDraft({ ...initial, message: '', visibility: draft.visibility, groupId: draft.groupId });
      setChosen([]);
      setFiles([]);
    };
    if (clearOnSend && !onCancel) {
      const sent = { draft, chosen, files };
      clear();
      if (await onSubmit(submission)) return;
      setDraft((current) => (current.message === '' ? sent.draft : current));
      setChosen((current) => (current.length === 0 ? sent.chosen : current));
      setFiles((current) => (current.length === 0 ? sent.files : current));
      return;
    }
    const saved = await onSubmit(submission);
    if (saved && !onCancel) clear();
  };
  const groupName = groups.find((g) => g.id === draft.groupId)?.name ?? '';
  return (
    <Stack gap={6} data-testid={onCancel ? 'comment-editor' : 'comment-composer'}>
      <MentionTextarea
        label={onCancel ? t('comments.editLabel') : t('comments.newLabel')}
        placeholder={t('comments.placeholder')}
        value={draft.message}
        {...textLimitProps(draft.message, 'commentMessage')}
        onChange={(message) => setDraft((d) => ({ ...d, message }))}
        people={people}
        issues={issues}
        onMention={(person) =>
          setChosen((list) => (list.some((p) => p.id === person.id) ? list : [...list, person]))
        }
        onSubmit={() => void submit()}
        {...(onCancel ? { onEscape: onCancel } : {})}
        error={errors.message ? t(`errors:${errors.message}`) : undefined}
        {...(autoFocus ? { autoFocus } : {})}
        disabled={demo.readOnly && demo.lock.title ? { title: demo.lock.title } : undefined}
      />
      <ImproveText
        kind="comment"
        text={draft.message}
        onAccept={(message) => setDraft((d) => ({ ...d, message }))}
      />
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Select
          size="xs"
          w={190}
          aria-label={t('comments.visibility')}
          data={COMMENT_VISIBILITY_ORDER.map((v) => ({ value: v, label: t(`comments.visibilities.${v}`) }))}
          value={draft.visibility}
          allowDeselect={false}
          onChange={(v) => v && setDraft((d) => ({ ...d, visibility: v as CommentVisibility }))}
          comboboxProps={{ withinPortal: true }}
          data-testid="comment-visibility"
        />
        {draft.visibility === 'group' && (
          <Select
            size="xs"
            w={190}
            aria-label={t('comments.group')}
            placeholder={t('fields.chooseGroup')}
            data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
            value={draft.groupId === null ? null : String(draft.groupId)}
            onChange={(v) => setDraft((d) => ({ ...d, groupId: v ? Number(v) : null }))}
            error={errors.groupId ? t(`errors:${errors.groupId}`) : undefined}
            nothingFoundMessage={t('fields.noGroups')}
            comboboxProps={{ withinPortal: true }}
            data-testid="comment-group"
          />
        )}
        {allowFiles && (
          <FileButton onChange={attach} accept="image/png,image/jpeg,image/gif,image/webp" multiple>
            {(props) => (
              <ActionIcon
                {...props}
                variant="default"
                size="input-xs"
                aria-label={t('comments.attach')}
                data-testid="comment-attach"
                {...demo.lock}
              >
                <IconPaperclip size={14} />
              </ActionIcon>
            )}
          </FileButton>
        )}
        <Group gap="xs" ml="auto">
          {onCancel && (
            <Button size="xs" variant="default" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
          )}
          <Button
            size="xs"
            leftSection={<IconSend size={14} />}
            loading={busy}
            onClick={() => void submit()}
            data-testid="comment-send"
            {...demo.lock}
          >
            {submitLabel}
          </Button>
        </Group>
      </Group>
      {(files.length > 0 || refused.length > 0) && (
        <Group gap={4}>
          {files.map((file, index) => (
            <Badge
              key={`${file.name}-${index}`}
              variant="light"
              styles={{ root: { textTransform: 'none' } }}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('comments.removeFile', { name: file.name })}
                  onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}
                />
              }
              data-testid="comment-file"
            >
              {file.name}
            </Badge>
          ))}
          {refused.map((problem) => (
            <Text key={problem} size="xs" c="red" role="alert">
              {problem}
            </Text>
          ))}
        </Group>
      )}
      <Text size="xs" c="dimmed" data-testid="comment-audience">
        {t(`comments.audience.${audienceKey(draft.visibility, issueVisibility)}`, {
          group: groupName || t('comments.theGroup'),
        })}
        {' · '}
        {t('comments.shortcut')}
      </Text>
    </Stack>
  );
}
