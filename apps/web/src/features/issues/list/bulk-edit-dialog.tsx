import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ISSUE_STATUSES, ISSUE_VISIBILITIES, PRIORITIES } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { IssuesListUpdateIssuesDocument } from '../../../gql/generated.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import type { ProjectDetails } from '../../projects/project-context.ts';
import { bulkValuesFrom, EMPTY_BULK_FORM, hasBulkChanges, type BulkEditForm } from './bulk-edit-form.ts';
import type { IssueRow } from './issue-row.ts';
import { RejectedIssues, type Rejection } from './rejected-issues.tsx';
import { BulkListChangesFields } from './bulk-list-changes.tsx';
import type { ListContextData } from './use-issue-list.ts';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';
import { RemoveButton, AddLineButton } from '../../../components/row-actions.tsx';

const num = (value: string | null) => (value === null || value === '' ? null : Number(value));

/**
 * Bulk edit (spec core §5): the chosen fields go to every selected issue through updateIssues; the server
 * applies each issue's own rules, so some may be refused; those are listed with their translated reasons.
 */
export function BulkEditDialog({
  opened,
  onClose,
  project,
  context,
  issueIds,
  rows,
  onUpdated,
}: {
  opened: boolean;
  onClose: () => void;
  project: ProjectDetails;
  context: ListContextData | null;
  issueIds: readonly number[];
  rows: ReadonlyMap<number, IssueRow>;
  onUpdated: (rows: IssueRow[]) => void;
}) {
  const { t } = useTranslation(['issues', 'enums']);
  const [form, setForm] = useState<BulkEditForm>(EMPTY_BULK_FORM);
  const [rejected, setRejected] = useState<Rejection[] | null>(null);
  const [updatedCount, setUpdatedCount] = useState(0);
  const [state, update] = useMutation(IssuesListUpdateIssuesDocument);
  const set = (patch: Partial<BulkEditForm>) => setForm((f) => ({ ...f, ...patch }));
  const close = () => {
    setForm(EMPTY_BULK_FORM);
    setRejected(null);
    onClose();
  };

  const submit = async () => {
    const result = await update({
      projectId: project.id,
      issuesIds: [...issueIds],
      newValues: bulkValuesFrom(form),
    });
    if (result.error || !result.data) {
      showErrorToast(t, result.error);
      return;
    }
    const { updated, rejected: refused } = result.data.updateIssues;
    onUpdated(updated);
    setUpdatedCount(updated.length);
    if (refused.length === 0) {
      notifications.show({ color: 'green', message: t('bulk.updated', { count: updated.length }) });
      close();
      return;
    }
    setRejected(refused);
  };

  const phases = project.phases
    .filter((p) => p.active)
    .map((p) => ({ value: String(p.id), label: t(`enums:phases.${p.key}`, { defaultValue: p.name }) }));
  const statusOptions = project.disciplinesStatus
    .filter((s) => s.active)
    .map((s) => ({
      value: s.name,
      label: t(`enums:disciplineStatuses.${s.name}`, { defaultValue: s.name }),
    }));
  const keep = t('bulk.keep');

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('bulk.editTitle', { count: issueIds.length })}
      size="lg"
      data-testid="bulk-edit-dialog"
    >
      {rejected ? (
        <Stack>
          <Alert color="green" variant="light" data-testid="bulk-updated-count">
            {t('bulk.updated', { count: updatedCount })}
          </Alert>
          <RejectedIssues rejected={rejected} rows={rows} />
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('bulk.editHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('columns.status')}
              placeholder={keep}
              clearable
              data={ISSUE_STATUSES.map((s) => ({ value: s.key, label: t(`enums:issueStatuses.${s.key}`) }))}
              value={form.status}
              onChange={(status) => set({ status })}
              data-testid="bulk-status"
            />
            <Select
              label={t('columns.priority')}
              placeholder={keep}
              clearable
              data={PRIORITIES.map((p) => ({ value: p.key, label: t(`enums:priorities.${p.key}`) }))}
              value={form.priority}
              onChange={(priority) => set({ priority })}
              data-testid="bulk-priority"
            />
            <Select
              label={t('columns.visibility')}
              placeholder={keep}
              clearable
              data={ISSUE_VISIBILITIES.map((v) => ({ value: v, label: t(`enums:visibilities.${v}`) }))}
              value={form.visibility}
              onChange={(visibility) => set({ visibility })}
              data-testid="bulk-visibility"
            />
            <Select
              label={t('bulk.group')}
              placeholder={keep}
              clearable
              data={(context?.projectIssuesGeneralData.groups ?? []).map((g) => ({
                value: String(g.id),
                label: g.name,
              }))}
              value={form.groupId === null ? null : String(form.groupId)}
              onChange={(v) => set({ groupId: num(v) })}
            />
            <Select
              label={t('columns.category')}
              placeholder={keep}
              clearable
              data={project.categories
                .filter((c) => c.active)
                .map((c) => ({
                  value: String(c.id),
                  label: t(`enums:categories.${c.name}`, { defaultValue: c.name }),
                }))}
              value={form.category === null ? null : String(form.category)}
              onChange={(v) => set({ category: num(v) })}
            />
            <Select
              label={t('bulk.creationPhase')}
              placeholder={keep}
              clearable
              data={phases}
              value={form.creationPhase === null ? null : String(form.creationPhase)}
              onChange={(v) => set({ creationPhase: num(v) })}
            />
            <Select
              label={t('bulk.resolutionPhase')}
              placeholder={keep}
              clearable
              data={phases}
              value={form.resolutionPhase === null ? null : String(form.resolutionPhase)}
              onChange={(v) => set({ resolutionPhase: num(v) })}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('columns.deadline')}
            </Text>
            <Group gap="xs" align="center">
              <SegmentedControl
                size="xs"
                value={form.deadline.mode}
                onChange={(mode) =>
                  set({
                    deadline:
                      mode === 'set'
                        ? { mode: 'set', date: '' }
                        : mode === 'clear'
                          ? { mode: 'clear' }
                          : { mode: 'keep' },
                  })
                }
                data={[
                  { value: 'keep', label: t('bulk.deadlineKeep') },
                  { value: 'set', label: t('bulk.deadlineSet') },
                  { value: 'clear', label: t('bulk.deadlineClear') },
                ]}
                aria-label={t('columns.deadline')}
              />
              {form.deadline.mode === 'set' && (
                <TextInput
                  type="date"
                  size="xs"
                  aria-label={t('bulk.deadlineDate')}
                  value={form.deadline.date}
                  onChange={(e) => set({ deadline: { mode: 'set', date: e.currentTarget.value } })}
                />
              )}
            </Group>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('bulk.disciplines')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('bulk.disciplinesHint')}
            </Text>
            {form.disciplines.map((line, index) => (
              <Group key={index} gap="xs" wrap="nowrap" data-testid="bulk-discipline-line">
                <Select
                  size="xs"
                  style={{ flex: 1 }}
                  placeholder={t('bulk.discipline')}
                  aria-label={t('bulk.discipline')}
                  data={project.disciplines.map((d) => ({
                    value: String(d.id),
                    label: `${d.abbreviation} · ${d.name}`,
                  }))}
                  value={line.disciplineId === null ? null : String(line.disciplineId)}
                  onChange={(v) =>
                    set({
                      disciplines: form.disciplines.map((d, i) =>
                        i === index ? { ...d, disciplineId: num(v) } : d,
                      ),
                    })
                  }
                />
                <Select
                  size="xs"
                  style={{ flex: 1 }}
                  placeholder={t('bulk.disciplineStatus')}
                  aria-label={t('bulk.disciplineStatus')}
                  data={statusOptions}
                  value={line.status}
                  onChange={(status) =>
                    set({ disciplines: form.disciplines.map((d, i) => (i === index ? { ...d, status } : d)) })
                  }
                />
                <RemoveButton
                  label={t('bulk.removeDiscipline')}
                  onClick={() => set({ disciplines: form.disciplines.filter((_, i) => i !== index) })}
                  iconSize={14}
                />
              </Group>
            ))}
            <AddLineButton
              variant="subtle"
              label={t('bulk.addDiscipline')}
              onClick={() =>
                set({ disciplines: [...form.disciplines, { disciplineId: null, status: null }] })
              }
            />
          </Stack>
          <BulkListChangesFields project={project} value={form.lists} onChange={(lists) => set({ lists })} />
          <ConfirmActions
            cancelLabel={t('common.cancel')}
            onCancel={close}
            onConfirm={() => void submit()}
            busy={state.fetching}
            disabled={!hasBulkChanges(form)}
            confirmLabel={t('bulk.apply', { count: issueIds.length })}
            testId="bulk-edit-apply"
          />
        </Stack>
      )}
    </Modal>
  );
}
