import { ActionIcon, Badge, Group, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CompanyMark } from '../../../components/image-cropper/company-mark.tsx';
import type { DisciplineFieldsFragment } from '../../../gql/generated.ts';

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
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('companies.company')}</Table.Th>
            <Table.Th>{t('companies.role')}</Table.Th>
            <Table.Th>{t('companies.disciplines')}</Table.Th>
            {canWrite && <Table.Th>{t('common.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('companies.edit', { name: row.company.name })}
                      onClick={() => onEdit(row)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t(row.pending ? 'companies.withdrawOf' : 'companies.remove', {
                        name: row.company.name,
                      })}
                      onClick={() => onRemove(row)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
