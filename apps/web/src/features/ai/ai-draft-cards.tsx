import { useState, type ComponentProps } from 'react';
import type { TFunction } from 'i18next';
import {
  Alert,
  Anchor,
  Card,
  Checkbox,
  Group,
  List,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRIORITIES } from '@obra/domain';
import { useClient } from 'urql';
import {
  ConfirmAiBulkChangeDocument,
  ConfirmAiCommentDraftDocument,
  ConfirmAiIssueDraftDocument,
  type AiBulkDraftFieldsFragment,
  type AiIssueDraftFieldsFragment,
} from '../../gql/generated.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { toUiError } from '../../lib/api-errors.ts';
import { ImagesPinSection } from '../issues/edit/images-pin-section.tsx';
import { imagesInput, uploadFormImages, type FormImage } from '../issues/edit/form-images-model.ts';
import { pinJson, type FormPin } from '../issues/edit/issue-form-model.ts';
import { uploadFile } from '../issues/edit/upload-file.ts';
import { RemoveButton } from '../../components/row-actions.tsx';
import { ConfirmActions } from '../../components/confirm-actions.tsx';

// The cards of what the assistant drafted (issue 31, docs/ai.md "Drafts are applied only when the user confirms"):
// a comment, an issue, a change of many issues. Nothing is written until the user confirms the card; then the
// normal comment creation, issue creation or bulk update runs on the server as the user, and logs it on the issue.

function issuePath(projectId: number, issueId: number): string {
  return `/workspace/project/${projectId}/issues/${issueId}`;
}

/** A comment the assistant drafted. */
export interface CommentDraft {
  key: string;
  conversationId: number;
  projectId: number;
  issueId: number;
  code: string;
  message: string;
}

/** A draft of the answer being read, shown as a card until the user confirms or discards it. */
export type Draft =
  | ({ kind: 'comment' } & CommentDraft)
  | { kind: 'issue'; key: string; conversationId: number; issue: AiIssueDraftFieldsFragment }
  | { kind: 'bulk'; key: string; conversationId: number; bulk: AiBulkDraftFieldsFragment };

/** The card of a draft, by its kind. */
export function DraftCard({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  if (draft.kind === 'issue')
    return <IssueDraftCard draft={draft.issue} conversationId={draft.conversationId} onDone={onDone} />;
  if (draft.kind === 'bulk')
    return <BulkDraftCard draft={draft.bulk} conversationId={draft.conversationId} onDone={onDone} />;
  return <CommentDraftCard draft={draft} onDone={onDone} />;
}

/** A comment the assistant drafted: posted (as a public comment) only when the user confirms it, after editing. */
export function CommentDraftCard({ draft, onDone }: { draft: CommentDraft; onDone: () => void }) {
  const { t } = useTranslation('ai');
  const client = useClient();
  const [message, setMessage] = useState(draft.message);
  const [busy, setBusy] = useState(false);
  const [posted, setPosted] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const result = await client
      .mutation(ConfirmAiCommentDraftDocument, {
        conversationId: draft.conversationId,
        projectId: draft.projectId,
        issueId: draft.issueId,
        message,
      })
      .toPromise();
    setBusy(false);
    if (result.error) showErrorToast(t, result.error);
    else setPosted(true);
  };
  return (
    <Card withBorder data-testid="ai-draft">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('draft.title')}{' '}
          <Anchor component={Link} to={issuePath(draft.projectId, draft.issueId)}>
            {draft.code}
          </Anchor>
        </Text>
        {posted ? (
          <Text size="sm" c="teal" data-testid="ai-draft-posted">
            {t('draft.posted')}
          </Text>
        ) : (
          <>
            <Textarea
              autosize
              minRows={2}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              aria-label={t('draft.message')}
              data-testid="ai-draft-message"
            />
            <Text size="xs" c="dimmed">
              {t('draft.hint')}
            </Text>
            <DraftActions
              busy={busy}
              onCancel={onDone}
              onConfirm={() => void confirm()}
              disabled={!message.trim()}
              confirmLabel={t('draft.confirm')}
              testId="ai-draft-confirm"
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** A draft's two actions: discard it, or confirm it (disabled while it cannot be); the card's ConfirmActions. */
function DraftActions(props: Omit<ComponentProps<typeof ConfirmActions>, 'card' | 'cancelLabel'>) {
  const { t } = useTranslation('ai');
  return <ConfirmActions {...props} card cancelLabel={t('draft.discard')} />;
}

/** The catalogue's message of a refusal, in the user's language. */
function Refusal({ code, testId }: { code: string | null; testId: string }) {
  const { t } = useTranslation('ai');
  if (!code) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid={testId}>
      {t(`errors:${code}`, { defaultValue: t('errors:UNEXPECTED') })}
    </Alert>
  );
}

/** A draft card: the draft, the conversation it came from, and what to do once it is confirmed or discarded. */
interface DraftCardProps<Draft> {
  draft: Draft;
  conversationId: number;
  onDone: () => void;
}

/**
 * An issue the assistant drafted: the user edits its title, description, deadline and disciplines, adds the photo
 * with the location pin that every issue needs, and creates it (confirmAiIssueDraft: the normal creation, logged on
 * the new issue) or discards it. A repeated click creates it once (one idempotency key per card).
 */
export function IssueDraftCard({
  draft,
  conversationId,
  onDone,
}: DraftCardProps<AiIssueDraftFieldsFragment>) {
  const { t } = useTranslation(['ai', 'enums', 'errors']);
  const client = useClient();
  const [title, setTitle] = useState(draft.title);
  const [description, setDescription] = useState(draft.description ?? '');
  const [deadline, setDeadline] = useState(draft.deadline ?? '');
  const [priority, setPriority] = useState(draft.priority);
  const [disciplines, setDisciplines] = useState(draft.disciplines);
  const [images, setImages] = useState<FormImage[]>([]);
  const [pin, setPin] = useState<FormPin | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const missing = !title.trim()
    ? 'REQUIRED_FIELD'
    : disciplines.length === 0
      ? 'ISSUE_MUST_HAVE_DISCIPLINES'
      : !pin
        ? 'INSERT_PIN_LOCATION'
        : null;
  const create = async () => {
    setRefused(missing);
    if (missing) return;
    setBusy(true);
    try {
      const uploaded = await uploadFormImages(images, (file) => uploadFile(client, draft.projectId, file));
      const result = await client
        .mutation(ConfirmAiIssueDraftDocument, {
          conversationId,
          projectId: draft.projectId,
          title: title.trim(),
          description: description.trim() === '' ? null : description,
          priority,
          visibility: 'public',
          deadline: deadline === '' ? null : deadline,
          disciplines: disciplines.map((d) => ({
            disciplineId: d.disciplineId,
            status: d.status,
            deadline: d.deadline ?? null,
          })),
          locals: draft.locals.map((l) => l.id),
          labels: draft.labels.map((l) => l.id),
          pin: pinJson({ pin, images }),
          images: imagesInput(images, uploaded),
          idempotencyKey: key,
        })
        .toPromise();
      if (result.error) setRefused(toUiError(result.error).code);
      else if (result.data) setCreated(result.data.confirmAiIssueDraft.id);
    } catch (error) {
      setRefused(toUiError(error).code);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder data-testid="ai-issue-draft">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('issueDraft.title', { project: draft.projectName })}
        </Text>
        {created !== null ? (
          <Text size="sm" c="teal" data-testid="ai-issue-draft-created">
            {t('issueDraft.created')}{' '}
            <Anchor component={Link} to={issuePath(draft.projectId, created)}>
              {t('issueDraft.open')}
            </Anchor>
          </Text>
        ) : (
          <>
            <TextInput
              label={t('issueDraft.issueTitle')}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              required
              data-testid="ai-issue-draft-title"
            />
            <Textarea
              label={t('issueDraft.description')}
              autosize
              minRows={2}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              data-testid="ai-issue-draft-description"
            />
            <TextInput
              label={t('issueDraft.deadline')}
              type="date"
              value={deadline}
              onChange={(e) => setDeadline(e.currentTarget.value)}
              data-testid="ai-issue-draft-deadline"
            />
            <NativeSelect
              label={t('issueDraft.priority')}
              value={priority}
              data={PRIORITIES.map((p) => ({ value: p.key, label: t(`enums:priorities.${p.key}`) }))}
              onChange={(e) => setPriority(e.currentTarget.value)}
              data-testid="ai-issue-draft-priority"
            />
            <Stack gap={4} data-testid="ai-issue-draft-disciplines">
              <Text size="sm" fw={500}>
                {t('issueDraft.disciplines')}
              </Text>
              {disciplines.length === 0 && (
                <Text size="xs" c="dimmed">
                  {t('issueDraft.noDiscipline')}
                </Text>
              )}
              {disciplines.map((d) => (
                <Group key={d.disciplineId} gap="xs" wrap="nowrap" data-testid="ai-issue-draft-discipline">
                  <Text size="sm" style={{ flex: 1 }}>
                    {d.abbreviation} · {d.name}
                  </Text>
                  <NativeSelect
                    size="xs"
                    aria-label={t('issueDraft.statusOf', { discipline: d.abbreviation })}
                    value={d.status}
                    data={draft.statuses.map((s) => ({
                      value: s,
                      label: t(`enums:disciplineStatuses.${s}`, { defaultValue: s }),
                    }))}
                    onChange={(e) => {
                      const status = e.currentTarget.value;
                      setDisciplines((all) =>
                        all.map((x) => (x.disciplineId === d.disciplineId ? { ...x, status } : x)),
                      );
                    }}
                  />
                  <RemoveButton
                    label={t('issueDraft.removeDiscipline', { discipline: d.abbreviation })}
                    onClick={() =>
                      setDisciplines((all) => all.filter((x) => x.disciplineId !== d.disciplineId))
                    }
                  />
                </Group>
              ))}
            </Stack>
            {(draft.locals.length > 0 || draft.labels.length > 0) && (
              <Text size="xs" c="dimmed">
                {[...draft.locals, ...draft.labels].map((i) => i.name).join(' · ')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('issueDraft.pinHint')}
            </Text>
            <ImagesPinSection images={images} pin={pin} onImages={setImages} onPin={setPin} />
            <Refusal code={refused} testId="ai-issue-draft-error" />
            <DraftActions
              busy={busy}
              onCancel={onDone}
              onConfirm={() => void create()}
              confirmLabel={t('issueDraft.create')}
              testId="ai-issue-draft-create"
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** What a drafted bulk change does, in words, one line each. */
function changeLines(draft: AiBulkDraftFieldsFragment, t: TFunction): string[] {
  const lines: string[] = [];
  if (draft.deadline) lines.push(t('bulkDraft.deadline', { date: draft.deadline }));
  if (draft.clearDeadline) lines.push(t('bulkDraft.clearDeadline'));
  if (draft.priority)
    lines.push(t('bulkDraft.priority', { priority: t(`enums:priorities.${draft.priority}`) }));
  for (const d of draft.disciplines)
    lines.push(
      t('bulkDraft.discipline', {
        discipline: d.abbreviation,
        status: t(`enums:disciplineStatuses.${d.status}`, { defaultValue: d.status }),
      }),
    );
  if (draft.addLabels.length > 0)
    lines.push(t('bulkDraft.addLabels', { labels: draft.addLabels.map((l) => l.name).join(', ') }));
  if (draft.removeLabels.length > 0)
    lines.push(t('bulkDraft.removeLabels', { labels: draft.removeLabels.map((l) => l.name).join(', ') }));
  return lines;
}

/** The values of the bulk update for a drafted change (IssueBulkValuesInput). */
export function bulkValuesOf(draft: AiBulkDraftFieldsFragment) {
  return {
    ...(draft.deadline ? { deadline: draft.deadline } : draft.clearDeadline ? { deadline: null } : {}),
    ...(draft.priority ? { priority: draft.priority } : {}),
    ...(draft.disciplines.length > 0
      ? {
          disciplines: draft.disciplines.map((d) => ({
            disciplineId: d.disciplineId,
            status: d.status,
            ...(d.deadline ? { deadline: d.deadline } : {}),
          })),
        }
      : {}),
    ...(draft.addLabels.length > 0 ? { addLabels: draft.addLabels.map((l) => l.id) } : {}),
    ...(draft.removeLabels.length > 0 ? { removeLabels: draft.removeLabels.map((l) => l.id) } : {}),
  };
}

/**
 * A change of many issues the assistant drafted: the issues (the user may leave some out) and the change in words.
 * Confirming runs the normal bulk update as the user (confirmAiBulkChange); the card then says how many were changed
 * and which were refused, with the catalogue's reason.
 */
export function BulkDraftCard({ draft, conversationId, onDone }: DraftCardProps<AiBulkDraftFieldsFragment>) {
  const { t } = useTranslation(['ai', 'enums', 'errors']);
  const client = useClient();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(draft.issues.map((i) => i.id)));
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [result, setResult] = useState<{
    updated: number;
    rejected: { issueId: number; message: string }[];
  } | null>(null);
  const codeOf = new Map(draft.issues.map((i) => [i.id, i.code]));
  const confirm = async () => {
    setBusy(true);
    setRefused(null);
    const answer = await client
      .mutation(ConfirmAiBulkChangeDocument, {
        conversationId,
        projectId: draft.projectId,
        issuesIds: draft.issues.filter((i) => chosen.has(i.id)).map((i) => i.id),
        newValues: bulkValuesOf(draft),
      })
      .toPromise();
    setBusy(false);
    if (answer.error) setRefused(toUiError(answer.error).code);
    else if (answer.data) {
      const done = answer.data.confirmAiBulkChange;
      setResult({ updated: done.updatedIds.length, rejected: done.rejected });
    }
  };
  return (
    <Card withBorder data-testid="ai-bulk-draft">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('bulkDraft.title', { count: draft.issues.length, project: draft.projectName })}
        </Text>
        <List size="sm" spacing={2} data-testid="ai-bulk-draft-change">
          {changeLines(draft, t).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        {result ? (
          <Stack gap={4} data-testid="ai-bulk-draft-result">
            <Text size="sm" c="teal">
              {t('bulkDraft.updated', { count: result.updated })}
            </Text>
            {result.rejected.map((r) => (
              <Text key={r.issueId} size="sm" c="red" data-testid="ai-bulk-draft-rejected">
                {codeOf.get(r.issueId) ?? r.issueId}: {r.message}
              </Text>
            ))}
          </Stack>
        ) : (
          <>
            <Stack gap={2} data-testid="ai-bulk-draft-issues">
              {draft.issues.map((issue) => (
                <Group key={issue.id} gap="xs" wrap="nowrap">
                  <Checkbox
                    size="xs"
                    checked={chosen.has(issue.id)}
                    aria-label={t('bulkDraft.include', { code: issue.code })}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setChosen((all) => {
                        const next = new Set(all);
                        if (on) next.add(issue.id);
                        else next.delete(issue.id);
                        return next;
                      });
                    }}
                  />
                  <Anchor component={Link} to={issuePath(draft.projectId, issue.id)} size="sm">
                    {issue.code}
                  </Anchor>
                  <Text size="sm" truncate>
                    {issue.title}
                  </Text>
                </Group>
              ))}
            </Stack>
            <Text size="xs" c="dimmed">
              {t('bulkDraft.hint')}
            </Text>
            <Refusal code={refused} testId="ai-bulk-draft-error" />
            <DraftActions
              busy={busy}
              onCancel={onDone}
              onConfirm={() => void confirm()}
              disabled={chosen.size === 0}
              confirmLabel={t('bulkDraft.confirm', { count: chosen.size })}
              testId="ai-bulk-draft-confirm"
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
