import { Group, Input, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectDetails } from '../../projects/project-context.ts';
import { duplicatedRowKeys, newDisciplineRow, type DisciplineRow } from './issue-form-model.ts';
import { RemoveButton, AddLineButton } from '../../../components/row-actions.tsx';

/**
 * The disciplines (spec core §5: at least one, none repeated), each with its status and, when the status
 * allows one, its deadline. A repeated discipline is marked on its rows.
 */
export function DisciplinesEditor({
  project,
  rows,
  onChange,
  error,
}: {
  project: ProjectDetails;
  rows: readonly DisciplineRow[];
  onChange: (rows: DisciplineRow[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(['issue', 'enums']);
  const duplicated = duplicatedRowKeys(rows);
  const statuses = project.disciplinesStatus.filter((s) => s.active);
  const firstStatus = statuses.find((s) => s.name === 'todo')?.name ?? statuses[0]?.name ?? 'todo';
  const update = (key: string, change: Partial<DisciplineRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <Input.Wrapper label={t('fields.disciplines')} required error={error} data-testid="disciplines-editor">
      <Stack gap={6} mt={4}>
        {rows.map((row, index) => {
          const status = project.disciplinesStatus.find((s) => s.name === row.status);
          const statusOptions = statuses.some((s) => s.name === row.status)
            ? statuses
            : [...(status ? [status] : []), ...statuses];
          return (
            <Group key={row.key} gap={6} wrap="wrap" align="flex-start" data-testid="discipline-row">
              <Select
                style={{ flex: '2 1 180px' }}
                aria-label={t('disciplines.disciplineN', { n: index + 1 })}
                placeholder={t('disciplines.choose')}
                data={project.disciplines.map((d) => ({
                  value: String(d.id),
                  label: `${d.name} (${d.abbreviation})`,
                }))}
                value={row.disciplineId === null ? null : String(row.disciplineId)}
                onChange={(v) => update(row.key, { disciplineId: v ? Number(v) : null })}
                error={duplicated.has(row.key) ? t('errors:DUPLICATED_DISCIPLINES') : undefined}
                searchable
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                style={{ flex: '1 1 130px' }}
                aria-label={t('disciplines.statusN', { n: index + 1 })}
                data={statusOptions.map((s) => ({
                  value: s.name,
                  label: t(`enums:disciplineStatuses.${s.name}`, { defaultValue: s.name }),
                }))}
                value={row.status}
                allowDeselect={false}
                onChange={(v) =>
                  v &&
                  update(row.key, {
                    status: v,
                    ...(project.disciplinesStatus.find((s) => s.name === v)?.deadline
                      ? {}
                      : { deadline: '' }),
                  })
                }
                comboboxProps={{ withinPortal: true }}
              />
              <TextInput
                style={{ flex: '1 1 130px' }}
                type="date"
                aria-label={t('disciplines.deadlineN', { n: index + 1 })}
                value={row.deadline}
                disabled={!status?.deadline}
                onChange={(event) => update(row.key, { deadline: event.currentTarget.value })}
              />
              <RemoveButton
                label={t('disciplines.removeN', { n: index + 1 })}
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                mt={4}
              />
            </Group>
          );
        })}
        <AddLineButton
          variant="light"
          label={t('disciplines.add')}
          onClick={() => onChange([...rows, newDisciplineRow(null, firstStatus)])}
        />
      </Stack>
    </Input.Wrapper>
  );
}
