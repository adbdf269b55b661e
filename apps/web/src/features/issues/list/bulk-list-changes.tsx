import { MultiSelect, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectDetails } from '../../projects/project-context.ts';
import type { BulkListChanges } from './bulk-edit-form.ts';

const ids = (values: string[]) => values.map(Number);
const strings = (values: readonly number[]) => values.map(String);

/**
 * The add / remove part of the bulk edit (issue 21): locations, labels and disciplines added to or removed
 * from every selected issue, each keeping what else it has. Added disciplines start in the chosen status; the
 * server applies each issue's status rules and lists the issues it refuses.
 */
export function BulkListChangesFields({
  project,
  value,
  onChange,
}: {
  project: ProjectDetails;
  value: BulkListChanges;
  onChange: (next: BulkListChanges) => void;
}) {
  const { t } = useTranslation(['everyday', 'enums']);
  const set = (patch: Partial<BulkListChanges>) => onChange({ ...value, ...patch });
  const tree = (items: readonly { id: number; name: string; abbreviationTree: string }[]) =>
    items.map((i) => ({ value: String(i.id), label: `${i.abbreviationTree} · ${i.name}` }));
  const locals = tree(project.locals);
  const labels = tree(project.labels);
  const disciplines = project.disciplines.map((d) => ({
    value: String(d.id),
    label: `${d.abbreviation} · ${d.name}`,
  }));
  const statuses = project.disciplinesStatus
    .filter((s) => s.active)
    .map((s) => ({
      value: s.name,
      label: t(`enums:disciplineStatuses.${s.name}`, { defaultValue: s.name }),
    }));
  // The added disciplines start in the first active status unless the user picks another.
  const start =
    value.addDisciplineStatus ??
    statuses.find((s) => s.value === 'todo')?.value ??
    statuses[0]?.value ??
    null;

  const pair = (
    kind: 'Locals' | 'Labels' | 'Disciplines',
    options: { value: string; label: string }[],
    title: string,
  ) => {
    const add = value[`add${kind}`];
    const remove = value[`remove${kind}`];
    return (
      <Stack gap={4} data-testid={`bulk-lists-${kind.toLowerCase()}`}>
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <MultiSelect
            size="xs"
            label={t('bulkLists.add')}
            aria-label={t('bulkLists.addTo', { what: title })}
            placeholder={add.length === 0 ? t('bulkLists.none') : undefined}
            data={options.filter((o) => !remove.includes(Number(o.value)))}
            value={strings(add)}
            onChange={(v) =>
              set({
                [`add${kind}`]: ids(v),
                ...(kind === 'Disciplines' && v.length > 0 && !value.addDisciplineStatus
                  ? { addDisciplineStatus: start }
                  : {}),
              })
            }
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid={`bulk-add-${kind.toLowerCase()}`}
          />
          <MultiSelect
            size="xs"
            label={t('bulkLists.remove')}
            aria-label={t('bulkLists.removeFrom', { what: title })}
            placeholder={remove.length === 0 ? t('bulkLists.none') : undefined}
            data={options.filter((o) => !add.includes(Number(o.value)))}
            value={strings(remove)}
            onChange={(v) => set({ [`remove${kind}`]: ids(v) })}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            data-testid={`bulk-remove-${kind.toLowerCase()}`}
          />
        </SimpleGrid>
      </Stack>
    );
  };

  return (
    <Stack gap="xs" data-testid="bulk-lists">
      <Text size="xs" c="dimmed">
        {t('bulkLists.hint')}
      </Text>
      {locals.length > 0 && pair('Locals', locals, t('bulkLists.locals'))}
      {labels.length > 0 && pair('Labels', labels, t('bulkLists.labels'))}
      {pair('Disciplines', disciplines, t('bulkLists.disciplines'))}
      {value.addDisciplines.length > 0 && (
        <Select
          size="xs"
          label={t('bulkLists.startStatus')}
          data={statuses}
          value={start}
          onChange={(s) => set({ addDisciplineStatus: s })}
          allowDeselect={false}
          data-testid="bulk-add-disciplines-status"
        />
      )}
    </Stack>
  );
}
