import { Badge, Box, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { readerDisciplinesFirst } from './reader-first.ts';
import {
  canSetDisciplineDeadline,
  issueEditScope,
  localDate,
  pendingDisciplinesFor,
  settableDisciplineStatuses,
  type IssueDisciplineState,
} from '@obra/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { SetIssueDisciplinesDocument } from '../../../gql/generated.ts';
import { FormError } from '../../../components/form-error.tsx';
import { DeadlineBadge } from '../shared/deadline-badge.tsx';
import {
  defaultResolutionPhase,
  needsResolutionPhase,
  withDisciplineDeadline,
  withDisciplineStatus,
  pendingViewer,
} from './issue-rules.ts';
import { useIssueFormatters } from './issue-format.ts';
import type { IssueScreen } from './use-issue-screen.ts';
import { useDemoLock } from '../../demo-mode/demo-mode.tsx';
import { isNewPastDeadline } from '../edit/past-deadlines.ts';
import { formatCalendarDate } from '../shared/deadline-badge.tsx';
import { disciplineEdit } from '../../../lib/offline/queued-edits.ts';
import { useQueueEdit, wantsQueue } from '../../offline/use-queue-edit.ts';
import { OfflineEditsNotice, type FieldLabels } from '../../offline/offline-edits-notice.tsx';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

/**
 * The issue's disciplines with their status and deadline (spec core §3). Each row offers what the user may
 * change: coordinators and the creator any discipline (and deadlines), a collaborator the status of their own
 * disciplines to the statuses open to collaborators; the server's answer (status rules) is shown in place.
 */
export function IssueDisciplinesPanel({ screen }: { screen: IssueScreen }) {
  const { t } = useTranslation(['issue', 'enums']);
  const { issue, editor, statuses, project } = screen;
  const [result, update] = useMutation(SetIssueDisciplinesDocument);
  const [error, setError] = useState<unknown>(null);
  const queueEdit = useQueueEdit();
  const scope = issueEditScope(editor, issue);
  const pending = new Set(
    pendingDisciplinesFor(issue.disciplines, pendingViewer(editor), statuses).map((d) => d.disciplineId),
  );
  const names = new Map(project.disciplines.map((d) => [d.id, d]));
  // A change that resolves an issue without any phase waits here for the resolution phase (same step).
  const [resolving, setResolving] = useState<ReturnType<typeof withDisciplineStatus> | null>(null);
  const send = async (disciplines: ReturnType<typeof withDisciplineStatus>, resolutionPhase?: number) => {
    setError(null);
    if (resolutionPhase === undefined && needsResolutionPhase(issue, disciplines, statuses)) {
      setResolving(disciplines);
      return;
    }
    setResolving(null);
    // Without a network the change is applied to the offline copy and queued (issue 34, docs/offline.md).
    const queue = async () => {
      await queueEdit(
        disciplineEdit(issue.projectId, issue.id, issue.disciplines, disciplines, resolutionPhase),
      );
      screen.reload();
    };
    if (wantsQueue()) return queue();
    const response = await update({
      projectId: issue.projectId,
      issueId: issue.id,
      disciplines,
      ...(resolutionPhase !== undefined ? { resolutionPhase } : {}),
    });
    if (wantsQueue(response.error)) await queue();
    else if (response.error) setError(response.error);
    else screen.reload();
  };
  const statusName = (s: unknown) => t(`enums:disciplineStatuses.${String(s)}`, { defaultValue: String(s) });
  const fieldLabels: FieldLabels = {
    field: (field) => {
      const [kind, id] = field.split(':');
      const discipline = names.get(Number(id));
      const name = discipline ? `${discipline.name} (${discipline.abbreviation})` : t('unknownDiscipline');
      return kind === 'deadline' ? t('disciplines.deadlineOf', { discipline: name }) : name;
    },
    value: (field, value) =>
      field.startsWith('status:') ? statusName(value) : value ? String(value) : t('disciplines.noDeadline'),
  };
  return (
    <Stack gap="sm" data-testid="issue-disciplines">
      <OfflineEditsNotice
        projectId={issue.projectId}
        issueId={issue.id}
        labels={fieldLabels}
        onSent={screen.reload}
      />
      {readerDisciplinesFirst(issue.disciplines, editor.userDisciplines).map((d) => {
        const discipline = names.get(d.disciplineId);
        const label = discipline ? `${discipline.name} (${discipline.abbreviation})` : t('unknownDiscipline');
        return (
          <Stack
            key={d.disciplineId}
            gap={4}
            data-testid="issue-discipline-row"
            data-discipline={discipline?.abbreviation}
            data-own={editor.userDisciplines.includes(d.disciplineId)}
          >
            <Group gap={6} justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                {label}
              </Text>
              {pending.has(d.disciplineId) && issue.status === 'active' && (
                <Badge
                  size="xs"
                  color="orange"
                  variant="light"
                  data-testid="discipline-pending"
                  style={{ flexShrink: 0 }}
                >
                  {t('disciplines.pendingForYou')}
                </Badge>
              )}
            </Group>
            <Group gap={6} wrap="nowrap" align="center">
              <Box style={{ flex: 1, minWidth: 0 }}>
                <StatusCell
                  discipline={d}
                  label={label}
                  options={settableDisciplineStatuses(editor, scope, d, project.disciplinesStatus)}
                  busy={result.fetching}
                  onChange={(status) =>
                    void send(withDisciplineStatus(issue.disciplines, d.disciplineId, status))
                  }
                />
              </Box>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <DeadlineCell
                  discipline={d}
                  label={label}
                  editable={canSetDisciplineDeadline(scope, d.status, statuses)}
                  busy={result.fetching}
                  onChange={(deadline) =>
                    void send(withDisciplineDeadline(issue.disciplines, d.disciplineId, deadline))
                  }
                />
              </Box>
            </Group>
          </Stack>
        );
      })}
      <FormError error={error} />
      <ResolutionPhaseDialog
        opened={resolving !== null}
        phases={project.phases}
        initial={defaultResolutionPhase(issue, project.phases)}
        busy={result.fetching}
        onCancel={() => setResolving(null)}
        onConfirm={(phase) => resolving && void send(resolving, phase)}
      />
    </Stack>
  );
}

/** Asks the resolution phase of an issue that the discipline change resolves, pre-filled. */
function ResolutionPhaseDialog({
  opened,
  phases,
  initial,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  phases: readonly { id: number; key: string; name: string; active: boolean }[];
  initial: number | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (phase: number) => void;
}) {
  const { t } = useTranslation(['issue', 'enums']);
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? (initial === null ? null : String(initial));
  const close = () => {
    setChosen(null);
    onCancel();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('disciplines.resolveTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('disciplines.resolveExplanation')}</Text>
        <Select
          label={t('fields.resolutionPhase')}
          data={phases
            .filter((p) => p.active || String(p.id) === value)
            .map((p) => ({
              value: String(p.id),
              label: t(`enums:phases.${p.key}`, { defaultValue: p.name }),
            }))}
          value={value}
          onChange={setChosen}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="resolution-phase-select"
        />
        <ConfirmActions
          cancelLabel={t('actions.cancel')}
          onCancel={close}
          confirmLabel={t('status.resolve')}
          onConfirm={() => {
            if (value === null) return;
            setChosen(null);
            onConfirm(Number(value));
          }}
          busy={busy}
          disabled={value === null}
        />
      </Stack>
    </Modal>
  );
}

function StatusCell({
  discipline,
  label,
  options,
  busy,
  onChange,
}: {
  discipline: IssueDisciplineState;
  label: string;
  options: string[];
  busy: boolean;
  onChange: (status: string) => void;
}) {
  const { t } = useTranslation(['issue', 'enums']);
  const name = (s: string) => t(`enums:disciplineStatuses.${s}`, { defaultValue: s });
  const demo = useDemoLock();
  if (options.length === 0) {
    return (
      <Badge variant="light" styles={{ root: { textTransform: 'none' } }} data-testid="discipline-status">
        {name(discipline.status)}
      </Badge>
    );
  }
  return (
    <Select
      size="xs"
      aria-label={t('disciplines.statusOf', { discipline: label })}
      data={options.map((s) => ({ value: s, label: name(s) }))}
      value={discipline.status}
      allowDeselect={false}
      disabled={busy || demo.readOnly}
      {...(demo.readOnly ? { title: demo.lock.title } : {})}
      onChange={(value) => value && value !== discipline.status && onChange(value)}
      comboboxProps={{ withinPortal: true }}
      data-testid="discipline-status-select"
    />
  );
}

function DeadlineCell({
  discipline,
  label,
  editable,
  busy,
  onChange,
}: {
  discipline: IssueDisciplineState & { doneAt?: string | null };
  label: string;
  editable: boolean;
  busy: boolean;
  onChange: (deadline: string | null) => void;
}) {
  const { t, i18n } = useTranslation(['issue', 'everyday']);
  const format = useIssueFormatters();
  const today = localDate(new Date());
  const demo = useDemoLock();
  const input = useRef<HTMLInputElement>(null);
  // A date in the past waits for a confirmation (issue 21); going back puts the input back as it was.
  const [past, setPast] = useState<string | null>(null);
  if (editable) {
    return (
      <>
        <TextInput
          ref={input}
          size="xs"
          type="date"
          aria-label={t('disciplines.deadlineOf', { discipline: label })}
          defaultValue={discipline.deadline ?? ''}
          disabled={busy || demo.readOnly}
          onBlur={(event) => {
            const value = event.currentTarget.value || null;
            if (value === (discipline.deadline ?? null)) return;
            if (value !== null && isNewPastDeadline(value, discipline.deadline ?? null, today))
              setPast(value);
            else onChange(value);
          }}
        />
        <Modal
          opened={past !== null}
          onClose={() => {
            if (input.current) input.current.value = discipline.deadline ?? '';
            setPast(null);
          }}
          title={t('everyday:deadline.pastPanelTitle')}
          data-testid="past-deadline-dialog"
        >
          <Stack gap="md">
            <Text size="sm">
              {t('everyday:deadline.pastPanelMessage', {
                date: past ? formatCalendarDate(past, i18n.language) : '',
                discipline: label,
              })}
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                data-autofocus
                onClick={() => {
                  if (input.current) input.current.value = discipline.deadline ?? '';
                  setPast(null);
                }}
                data-testid="past-deadline-back"
              >
                {t('everyday:deadline.change')}
              </Button>
              <Button
                color="orange"
                onClick={() => {
                  if (past) onChange(past);
                  setPast(null);
                }}
                data-testid="past-deadline-save"
              >
                {t('everyday:deadline.setAnyway')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </>
    );
  }
  return (
    <Group gap={4}>
      {discipline.deadline ? (
        <DeadlineBadge deadline={discipline.deadline} today={today} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('none')}
        </Text>
      )}
      {discipline.doneAt && (
        <Text size="xs" c="dimmed">
          {t('disciplines.doneAt', { date: format.dateTime(discipline.doneAt) })}
        </Text>
      )}
    </Group>
  );
}
