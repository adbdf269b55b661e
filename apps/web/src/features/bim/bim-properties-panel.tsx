import { Box, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BimTreeNode } from './bim-api.ts';

/** The selected element's properties (class, name, GlobalId, express id), and its model's name among several. */
export function BimPropertiesPanel({
  selection,
  modelLabel,
}: {
  selection: { node: BimTreeNode } | null;
  modelLabel: string | undefined;
}) {
  const { t } = useTranslation('bim');
  return (
    <Box
      w={300}
      p="xs"
      data-testid="bim-properties"
      style={{ border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Text fw={600} size="sm" mb={4}>
        {t('properties.title')}
      </Text>
      {selection ? (
        <Table fz="sm">
          <Table.Tbody>
            {modelLabel !== undefined && (
              <Table.Tr>
                <Table.Th>{t('properties.model')}</Table.Th>
                <Table.Td>{modelLabel}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th>{t('properties.class')}</Table.Th>
              <Table.Td data-testid="bim-prop-class">{selection.node.cls}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('properties.name')}</Table.Th>
              <Table.Td data-testid="bim-prop-name">{selection.node.name ?? '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('properties.guid')}</Table.Th>
              <Table.Td data-testid="bim-prop-guid" style={{ fontFamily: 'monospace' }}>
                {selection.node.guid ?? '—'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('properties.expressId')}</Table.Th>
              <Table.Td>{selection.node.id}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {t('properties.none')}
        </Text>
      )}
    </Box>
  );
}
