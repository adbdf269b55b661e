import { ActionIcon, Checkbox, Group, Menu } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ISSUE_TABLE_COLUMNS, type IssueTableColumn } from '@obra/domain';

/** The table's column choice (remembered in this browser). */
export function ColumnsMenu({
  value,
  onChange,
}: {
  value: readonly IssueTableColumn[];
  onChange: (columns: IssueTableColumn[]) => void;
}) {
  const { t } = useTranslation('issues');
  return (
    <Menu position="bottom-end" shadow="md" closeOnItemClick={false}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('columns.choose')} data-testid="columns-button">
          <IconColumns size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown data-testid="columns-menu">
        <Menu.Label>{t('columns.choose')}</Menu.Label>
        {ISSUE_TABLE_COLUMNS.map((column) => (
          <Menu.Item
            key={column}
            onClick={() =>
              onChange(value.includes(column) ? value.filter((c) => c !== column) : [...value, column])
            }
            disabled={column === 'title'}
          >
            <Group gap="xs" wrap="nowrap">
              <Checkbox size="xs" checked={value.includes(column)} readOnly tabIndex={-1} aria-hidden />
              {t(`columns.${column}`)}
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
