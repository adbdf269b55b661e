import { ActionIcon, Checkbox, Group, Menu } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TABLE_COLUMNS, type TableColumn } from './list-preferences.ts';

/** The table's column choice (remembered in this browser). */
export function ColumnsMenu({
  value,
  onChange,
}: {
  value: readonly TableColumn[];
  onChange: (columns: TableColumn[]) => void;
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
        {TABLE_COLUMNS.map((column) => (
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
