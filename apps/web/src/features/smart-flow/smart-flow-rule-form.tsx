import { useMemo } from 'react';
import { Card, Group, MultiSelect, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SMART_FLOW_ASSIGN_STATUSES, SMART_FLOW_TAG_MAX } from '@obra/domain';
import { useQuery } from 'urql';
import { SmartFlowProjectDisciplinesDocument } from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { hourName, ruleSentence, weekdayName, type RuleDraft } from './smart-flow-words.ts';
import { ConfirmActions } from '../../components/confirm-actions.tsx';

const FILTERS = ['all', 'actives', 'pendencies', 'latePendencies'] as const;

/** The browser's time zone: timed rules run at the hour of the person's own clock. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A new rule's starting point: weekly on Monday at 08:00, late issues waiting on me, e-mailed. */
export function emptyDraft(projectId: number | null): RuleDraft {
  return {
    projectId,
    name: '',
    trigger: { kind: 'schedule', frequency: 'weekly', weekday: 1, hour: 8, timeZone: browserTimeZone() },
    condition: { filter: 'latePendencies', disciplineIds: [] },
    action: { kind: 'email' },
  };
}

/** The rule as the API takes it (the domain's shape: a daily schedule has no weekday, an event no hour). */
export function ruleInputOf(draft: RuleDraft): Record<string, unknown> {
  const { trigger } = draft;
  const zone = trigger.timeZone ?? browserTimeZone();
  const timed =
    trigger.kind === 'issueCreated' || trigger.kind === 'issueChanged'
      ? { kind: trigger.kind }
      : trigger.kind === 'deadlinePassed'
        ? { kind: 'deadlinePassed', hour: trigger.hour ?? 8, timeZone: zone }
        : {
            kind: 'schedule',
            frequency: trigger.frequency ?? 'weekly',
            ...(trigger.frequency === 'daily' ? {} : { weekday: trigger.weekday ?? 1 }),
            hour: trigger.hour ?? 8,
            timeZone: zone,
          };
  const search = draft.condition.search?.trim();
  return {
    projectId: draft.projectId,
    name: draft.name.trim(),
    ...(draft.description ? { description: draft.description } : {}),
    trigger: timed,
    condition: {
      filter: draft.condition.filter,
      disciplineIds: draft.condition.disciplineIds,
      ...(search ? { search } : {}),
    },
    action: actionInputOf(draft.action),
  };
}

function actionInputOf(action: RuleDraft['action']): Record<string, unknown> {
  if (action.kind === 'tag') return { kind: 'tag', tag: action.tag?.trim() ?? '' };
  if (action.kind === 'assignDiscipline')
    return { kind: 'assignDiscipline', disciplineId: action.disciplineId, status: action.status ?? 'todo' };
  return { kind: action.kind };
}

/**
 * The rule's three parts as a form, with the sentence it makes: what the person confirms before saving, whether
 * they built it here or the assistant drafted it from their words.
 */
export function SmartFlowRuleForm({
  draft,
  onChange,
  projects,
  reviewing,
  busy,
  error,
  onSave,
  onCancel,
  digest = false,
}: {
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  projects: readonly { id: number; name: string }[];
  reviewing: boolean;
  busy: boolean;
  error: unknown;
  onSave: () => void;
  onCancel: () => void;
  /**
   * Offer the digest (an e-mail headed by the assistant's summary): for people whose assistant is on, its notice
   * accepted and a model configured. A drafted digest is shown as one whatever this says.
   */
  digest?: boolean;
}) {
  const { t, i18n } = useTranslation('workspace');
  const [disciplinesResult] = useQuery({
    query: SmartFlowProjectDisciplinesDocument,
    variables: { projectId: draft.projectId ?? 0 },
    pause: draft.projectId === null,
  });
  const disciplines = useMemo(
    () => disciplinesResult.data?.projectData.disciplines ?? [],
    [disciplinesResult.data],
  );
  const names = {
    project: projects.find((p) => p.id === draft.projectId)?.name ?? '…',
    disciplines: new Map(disciplines.map((d) => [d.id, d.name])),
  };
  const set = (patch: Partial<RuleDraft>) => onChange({ ...draft, ...patch });
  const setTrigger = (patch: Partial<RuleDraft['trigger']>) =>
    set({ trigger: { ...draft.trigger, ...patch } });
  const setCondition = (patch: Partial<RuleDraft['condition']>) =>
    set({ condition: { ...draft.condition, ...patch } });
  const hours = Array.from({ length: 24 }, (_, h) => ({
    value: String(h),
    label: hourName(h, i18n.language),
  }));
  const weekdays = [1, 2, 3, 4, 5, 6, 0].map((d) => ({
    value: String(d),
    label: weekdayName(d, i18n.language),
  }));
  const timed = draft.trigger.kind === 'schedule' || draft.trigger.kind === 'deadlinePassed';
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="form"
      data-testid="smart-flow-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {reviewing ? t('smartFlow.form.reviewTitle') : t('smartFlow.form.newTitle')}
        </Title>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('smartFlow.form.project')}
            data={projects.map((p) => ({ value: String(p.id), label: p.name }))}
            value={draft.projectId === null ? null : String(draft.projectId)}
            onChange={(v) =>
              set({
                projectId: v ? Number(v) : null,
                condition: { ...draft.condition, disciplineIds: [] },
                // Disciplines are the project's: a discipline chosen in another project goes.
                action:
                  draft.action.kind === 'assignDiscipline'
                    ? { ...draft.action, disciplineId: undefined }
                    : draft.action,
              })
            }
            allowDeselect={false}
            required
          />
          <TextInput
            label={t('smartFlow.form.name')}
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            maxLength={120}
            required
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('smartFlow.form.trigger')}
            data={(['schedule', 'issueCreated', 'issueChanged', 'deadlinePassed'] as const).map((k) => ({
              value: k,
              label: t(`smartFlow.triggers.${k}`),
            }))}
            value={draft.trigger.kind}
            onChange={(v) => v && setTrigger({ kind: v as RuleDraft['trigger']['kind'] })}
            allowDeselect={false}
          />
          {draft.trigger.kind === 'schedule' && (
            <Select
              label={t('smartFlow.form.frequency')}
              data={(['weekly', 'daily'] as const).map((f) => ({
                value: f,
                label: t(`smartFlow.frequencies.${f}`),
              }))}
              value={draft.trigger.frequency ?? 'weekly'}
              onChange={(v) => v && setTrigger({ frequency: v as 'daily' | 'weekly' })}
              allowDeselect={false}
            />
          )}
          {draft.trigger.kind === 'schedule' && draft.trigger.frequency !== 'daily' && (
            <Select
              label={t('smartFlow.form.weekday')}
              data={weekdays}
              value={String(draft.trigger.weekday ?? 1)}
              onChange={(v) => v && setTrigger({ weekday: Number(v) })}
              allowDeselect={false}
            />
          )}
          {timed && (
            <Select
              label={t('smartFlow.form.hour')}
              data={hours}
              value={String(draft.trigger.hour ?? 8)}
              onChange={(v) => v && setTrigger({ hour: Number(v) })}
              allowDeselect={false}
            />
          )}
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('smartFlow.form.filter')}
            data={FILTERS.map((f) => ({ value: f, label: t(`smartFlow.filters.${f}`) }))}
            value={draft.condition.filter}
            onChange={(v) => v && setCondition({ filter: v })}
            allowDeselect={false}
          />
          <MultiSelect
            label={t('smartFlow.form.disciplines')}
            placeholder={
              draft.condition.disciplineIds.length ? undefined : t('smartFlow.form.disciplinesPlaceholder')
            }
            data={disciplines.map((d) => ({ value: String(d.id), label: d.name }))}
            value={draft.condition.disciplineIds.map(String)}
            onChange={(v) => setCondition({ disciplineIds: v.map(Number) })}
            searchable
          />
          <TextInput
            label={t('smartFlow.form.search')}
            value={draft.condition.search ?? ''}
            onChange={(e) => setCondition({ search: e.currentTarget.value })}
            maxLength={200}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('smartFlow.form.action')}
            data={(['email', 'digest', 'follow', 'tag', 'assignDiscipline'] as const)
              .filter((a) => a !== 'digest' || digest || draft.action.kind === 'digest')
              .map((a) => ({
                value: a,
                label: t(`smartFlow.actions.${a}`),
              }))}
            value={draft.action.kind}
            onChange={(v) =>
              v &&
              set({
                action:
                  v === 'tag'
                    ? { kind: 'tag', tag: draft.action.tag ?? '' }
                    : v === 'assignDiscipline'
                      ? {
                          kind: 'assignDiscipline',
                          disciplineId: draft.action.disciplineId,
                          status: draft.action.status ?? 'todo',
                        }
                      : { kind: v as 'email' | 'digest' | 'follow' },
              })
            }
            allowDeselect={false}
            data-testid="smart-flow-action"
          />
          {draft.action.kind === 'assignDiscipline' && (
            <Select
              label={t('smartFlow.form.assignDiscipline')}
              data={disciplines.map((d) => ({ value: String(d.id), label: d.name }))}
              value={draft.action.disciplineId === undefined ? null : String(draft.action.disciplineId)}
              onChange={(v) => set({ action: { ...draft.action, disciplineId: v ? Number(v) : undefined } })}
              searchable
              required
              data-testid="smart-flow-assign-discipline"
            />
          )}
          {draft.action.kind === 'assignDiscipline' && (
            <Select
              label={t('smartFlow.form.assignStatus')}
              data={SMART_FLOW_ASSIGN_STATUSES.map((s) => ({
                value: s,
                label: t(`enums:disciplineStatuses.${s}`, { defaultValue: s }),
              }))}
              value={draft.action.status ?? 'todo'}
              onChange={(v) => v && set({ action: { ...draft.action, status: v } })}
              allowDeselect={false}
            />
          )}
          {draft.action.kind === 'tag' && (
            <TextInput
              label={t('smartFlow.form.tag')}
              value={draft.action.tag ?? ''}
              onChange={(e) => set({ action: { kind: 'tag', tag: e.currentTarget.value } })}
              maxLength={SMART_FLOW_TAG_MAX}
              required
              data-testid="smart-flow-tag"
            />
          )}
        </Group>
        {draft.action.kind === 'digest' && (
          <Text size="xs" c="dimmed" data-testid="smart-flow-digest-hint">
            {t('smartFlow.form.digestHint')}
          </Text>
        )}
        <Card withBorder radius="sm" padding="sm" bg="var(--mantine-color-default-hover)">
          <Text size="xs" c="dimmed">
            {t('smartFlow.form.preview')}
          </Text>
          <Text fw={500} data-testid="smart-flow-sentence">
            {ruleSentence(t, draft, names, i18n.language)}
          </Text>
        </Card>
        <FormError error={error} />
        <ConfirmActions
          cancelLabel={t('smartFlow.form.cancel')}
          onCancel={onCancel}
          confirmLabel={t('smartFlow.form.save')}
          busy={busy}
          disabled={
            draft.projectId === null ||
            !draft.name.trim() ||
            (draft.action.kind === 'tag' && !draft.action.tag?.trim()) ||
            (draft.action.kind === 'assignDiscipline' && draft.action.disciplineId === undefined)
          }
          submit
          holdWhileBusy
        />
      </Stack>
    </Card>
  );
}
