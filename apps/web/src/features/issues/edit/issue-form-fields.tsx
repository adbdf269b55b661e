import { Alert, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  ISSUE_CATEGORIES,
  ISSUE_STATUSES,
  ISSUE_VISIBILITIES,
  PRIORITIES,
  toIssueVisibility,
  toPriority,
} from '@obra/domain';
import { useTranslation } from 'react-i18next';
import type { ProjectDetails } from '../../projects/project-context.ts';
import { textLimitProps } from '../../../lib/text-limit.ts';
import { DisciplinesEditor } from './disciplines-editor.tsx';
import { ImagesPinSection } from './images-pin-section.tsx';
import type { IssueFormErrors, IssueFormValues } from './issue-form-model.ts';
import { TreeMultiSelect } from './tree-multi-select.tsx';
import { ImproveText } from '../../ai/improve-text.tsx';

/** The create/edit form's fields, every one of spec core §3 Issue that a person sets, with errors in place. */
export function IssueFormFields({
  project,
  groups,
  values,
  errors,
  onChange,
}: {
  project: ProjectDetails;
  groups: readonly { id: number; name: string }[];
  values: IssueFormValues;
  errors: IssueFormErrors;
  onChange: (change: Partial<IssueFormValues>) => void;
}) {
  const { t } = useTranslation(['issue', 'enums', 'errors']);
  const err = (field: keyof IssueFormErrors) =>
    errors[field] ? t(`errors:${errors[field]}`, { defaultValue: errors[field] }) : undefined;
  const phases = project.phases
    .filter((p) => p.active || p.id === values.creationPhase || p.id === values.resolutionPhase)
    .map((p) => ({
      value: String(p.id),
      label: `${t(`enums:phases.${p.key}`, { defaultValue: p.name })} (${p.abbreviation})`,
    }));
  const categories = ISSUE_CATEGORIES.filter((c) =>
    project.categories.some((pc) => pc.id === c.id && (pc.active || c.id === values.category)),
  );
  const num = (v: string | null) => (v === null ? null : Number(v));
  return (
    <Stack gap="sm">
      <TextInput
        label={t('fields.title')}
        required
        value={values.title}
        {...textLimitProps(values.title, 'issueTitle')}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
        error={err('title')}
        data-autofocus
      />
      <Textarea
        label={t('fields.description')}
        autosize
        minRows={3}
        maxRows={12}
        value={values.description}
        {...textLimitProps(values.description, 'issueDescription')}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
        error={err('description')}
      />
      <ImproveText
        kind="issueDescription"
        text={values.description}
        onAccept={(description) => onChange({ description })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Select
          label={t('fields.status')}
          required
          data={ISSUE_STATUSES.map((s) => ({ value: s.key, label: t(`enums:issueStatuses.${s.key}`) }))}
          value={values.status}
          allowDeselect={false}
          onChange={(v) => v && onChange({ status: v as IssueFormValues['status'] })}
          error={err('status')}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('fields.priority')}
          required
          data={PRIORITIES.map((p) => ({ value: p.key, label: t(`enums:priorities.${p.key}`) }))}
          value={values.priority}
          allowDeselect={false}
          onChange={(v) => v && onChange({ priority: toPriority(v) })}
          error={err('priority')}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('fields.visibility')}
          required
          data={ISSUE_VISIBILITIES.map((v) => ({ value: v, label: t(`enums:visibilities.${v}`) }))}
          value={values.visibility}
          allowDeselect={false}
          onChange={(v) => v && onChange({ visibility: toIssueVisibility(v) })}
          error={err('visibility')}
          description={
            values.visibility === 'semi_public' ? undefined : t(`enums:visibilityHints.${values.visibility}`)
          }
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('fields.group')}
          required={values.visibility === 'group'}
          placeholder={t('fields.chooseGroup')}
          data={groups.map((g) => ({ value: String(g.id), label: g.name }))}
          value={values.groupId === null ? null : String(values.groupId)}
          onChange={(v) => onChange({ groupId: num(v) })}
          clearable
          error={err('groupId')}
          nothingFoundMessage={t('fields.noGroups')}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('fields.category')}
          data={categories.map((c) => ({ value: String(c.id), label: t(`enums:categories.${c.key}`) }))}
          value={values.category === null ? null : String(values.category)}
          onChange={(v) => onChange({ category: num(v) })}
          clearable
          error={err('category')}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('fields.deadline')}
          type="date"
          value={values.deadline}
          onChange={(e) => onChange({ deadline: e.currentTarget.value })}
          error={err('deadline')}
        />
        <Select
          label={t('fields.creationPhase')}
          data={phases}
          value={values.creationPhase === null ? null : String(values.creationPhase)}
          onChange={(v) => onChange({ creationPhase: num(v) })}
          clearable
          error={err('creationPhase')}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('fields.resolutionPhase')}
          data={phases}
          value={values.resolutionPhase === null ? null : String(values.resolutionPhase)}
          onChange={(v) => onChange({ resolutionPhase: num(v) })}
          clearable
          error={err('resolutionPhase')}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {values.visibility === 'semi_public' && (
        <Alert color="cyan" variant="light" data-testid="semi-public-message">
          {t('visibility.semiPublicMessage')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TreeMultiSelect
          label={t('fields.locals')}
          items={project.locals}
          value={values.locals}
          onChange={(locals) => onChange({ locals })}
          error={err('locals')}
          nothingFound={t('fields.noLocals')}
        />
        <TreeMultiSelect
          label={t('fields.labels')}
          items={project.labels}
          value={values.labels}
          onChange={(labels) => onChange({ labels })}
          error={err('labels')}
          nothingFound={t('fields.noLabels')}
        />
      </SimpleGrid>
      <DisciplinesEditor
        project={project}
        rows={values.disciplines}
        onChange={(disciplines) => onChange({ disciplines })}
        error={err('disciplines')}
      />
      <ImagesPinSection
        images={values.images}
        pin={values.pin}
        onImages={(images) => onChange({ images })}
        onPin={(pin) => onChange({ pin })}
        error={err('pin')}
      />
    </Stack>
  );
}
