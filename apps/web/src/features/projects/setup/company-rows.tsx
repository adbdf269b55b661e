import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CompanyMark } from '../../../components/image-cropper/company-mark.tsx';
import type { DisciplineFieldsFragment } from '../../../gql/generated.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

/** A participating company or a pending invite, as one row. */
export interface CompanyRow {
  pending: boolean;
  company: { id: number; name: string; logo?: string | null };
  role: { id: number; name: string };
  allDisciplines: boolean;
  disciplinesId: number[];
}

/** The companies table: logo and name, role, disciplines, and edit/remove for those who may. */
export function CompanyRows({
  rows,
  disciplines,
  canWrite,
  onEdit,
  onRemove,
  testId,
}: {
  rows: CompanyRow[];
  disciplines: readonly DisciplineFieldsFragment[];
  canWrite: boolean;
  onEdit: (row: CompanyRow) => void;
  onRemove: (row: CompanyRow) => void;
  testId: string;
}) {
  const { t } = useTranslation('projects');
  const byId = new Map(disciplines.map((d) => [d.id, d]));
  return (
    <DataTable
      minWidth={560}
      testId={testId}
      heads={[
        t('companies.company'),
        t('companies.role'),
        t('companies.disciplines'),
        canWrite && t('common.actions'),
      ]}
    >
      {rows.map((row) => (
        <Table.Tr key={`${row.pending ? 'i' : 'c'}${row.company.id}`}>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <CompanyMark logo={row.company.logo} name={row.company.name} size={26} />
              <Text size="sm">{row.company.name}</Text>
            </Group>
          </Table.Td>
          <Table.Td>
            <Badge variant="light">{t(`roles.${row.role.name}`, { defaultValue: row.role.name })}</Badge>
          </Table.Td>
          <Table.Td>
            <Group gap={4} wrap="wrap">
              {row.allDisciplines ? (
                <Badge variant="outline">{t('companies.allDisciplines')}</Badge>
              ) : (
                row.disciplinesId.map((id) => (
                  <Badge key={id} variant="outline" title={byId.get(id)?.name}>
                    {byId.get(id)?.abbreviation ?? id}
                  </Badge>
                ))
              )}
            </Group>
          </Table.Td>
          {canWrite && (
            <Table.Td>
              <RowActions
                edit={{ label: t('companies.edit', { name: row.company.name }), onClick: () => onEdit(row) }}
                remove={{
                  label: t(row.pending ? 'companies.withdrawOf' : 'companies.remove', {
                    name: row.company.name,
                  }),
                  onClick: () => onRemove(row),
                }}
              />
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </DataTable>
  );
}
