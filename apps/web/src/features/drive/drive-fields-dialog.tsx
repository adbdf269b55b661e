import { Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectDetails } from '../projects/project-context.ts';
import { ConfirmActions } from '../../components/confirm-actions.tsx';

/** What the dialog sends: a field left out is kept, null clears it. */
export interface DriveFieldsChange {
  newDisciplineId?: number | null;
  newLocalId?: number | null;
  newPhase?: number | null;
}

const NONE = 'none';

/** The document fields a bulk edit may change: those the naming rule does not read from the name. */
export function editableDriveFields(project: ProjectDetails): ('discipline' | 'local' | 'phase')[] {
  const rule = new Set<string>(project.documentsNamingRule);
  return (['discipline', 'local', 'phase'] as const).filter((f) => !rule.has(f));
}

/** Bulk edit of the discipline, location and phase of the selected documents (every revision follows). */
export function DriveFieldsDialog(props: {
  opened: boolean;
  count: number;
  project: ProjectDetails;
  /** Disciplines the user may move documents into ('all' for managers). */
  disciplineIds: number[] | 'all';
  busy: boolean;
  onApply: (change: DriveFieldsChange) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['drive', 'enums']);
  const [discipline, setDiscipline] = useState<string | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const [phase, setPhase] = useState<string | null>(null);
  useEffect(() => {
    if (!props.opened) return;
    setDiscipline(null);
    setLocal(null);
    setPhase(null);
  }, [props.opened]);
  const fields = editableDriveFields(props.project);
  const none = { value: NONE, label: t('drive:fieldsEdit.none') };
  const disciplines = useMemo(
    () =>
      props.project.disciplines
        .filter((d) => props.disciplineIds === 'all' || props.disciplineIds.includes(d.id))
        .map((d) => ({ value: String(d.id), label: `${d.abbreviation} · ${d.name}` })),
    [props.project.disciplines, props.disciplineIds],
  );
  const locals = useMemo(() => {
    const parents = new Set(props.project.locals.map((l) => l.parentId));
    return props.project.locals
      .filter((l) => !parents.has(l.id))
      .map((l) => ({ value: String(l.id), label: `${l.abbreviationTree || l.abbreviation} · ${l.name}` }));
  }, [props.project.locals]);
  const phases = props.project.phases
    .filter((p) => p.active)
    .map((p) => ({
      value: String(p.id),
      label: `${p.abbreviation} · ${t(`enums:phases.${p.key}`, { defaultValue: p.name })}`,
    }));
  const value = (v: string | null) => (v === null ? undefined : v === NONE ? null : Number(v));
  const change: DriveFieldsChange = {
    ...(discipline !== null ? { newDisciplineId: value(discipline) } : {}),
    ...(local !== null ? { newLocalId: value(local) } : {}),
    ...(phase !== null ? { newPhase: value(phase) } : {}),
  };
  const keep = t('drive:fieldsEdit.keep');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('drive:fieldsEdit.title', { count: props.count })}
      centered
    >
      <Stack gap="sm" data-testid="drive-fields-dialog">
        <Text size="sm" c="dimmed">
          {t('drive:fieldsEdit.hint')}
        </Text>
        {fields.includes('discipline') && (
          <Select
            label={t('drive:columns.discipline')}
            placeholder={keep}
            data={[none, ...disciplines]}
            value={discipline}
            onChange={setDiscipline}
            clearable
            searchable
          />
        )}
        {fields.includes('local') && (
          <Select
            label={t('drive:columns.location')}
            placeholder={keep}
            data={[none, ...locals]}
            value={local}
            onChange={setLocal}
            clearable
            searchable
          />
        )}
        {fields.includes('phase') && (
          <Select
            label={t('drive:columns.phase')}
            placeholder={keep}
            data={[none, ...phases]}
            value={phase}
            onChange={setPhase}
            clearable
            searchable
          />
        )}
        <ConfirmActions
          cancelLabel={t('drive:fieldsEdit.cancel')}
          onCancel={props.onClose}
          confirmLabel={t('drive:fieldsEdit.apply')}
          onConfirm={() => props.onApply(change)}
          busy={props.busy}
          disabled={Object.keys(change).length === 0}
          testId="drive-fields-apply"
          holdWhileBusy
        />
      </Stack>
    </Modal>
  );
}
