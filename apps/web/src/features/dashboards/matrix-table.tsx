import { Anchor, ScrollArea, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DashboardMatrixFieldsFragment } from '../../gql/generated.ts';
import { rowLabel } from './matrix-chart.tsx';

type Matrix = DashboardMatrixFieldsFragment;

/**
 * The matrix as a table: the same counts with their totals, each count a link to its issues in the list
 * (reachable by keyboard and screen readers, which a canvas is not).
 */
export function MatrixTable({
  matrix,
  columnLabel,
  rowHeader,
  totalLabel,
  noLocation,
  cellPath,
}: {
  matrix: Matrix;
  columnLabel: (column: Matrix['columns'][number]) => string;
  rowHeader: string;
  totalLabel: string;
  noLocation: string;
  /** The list address of a cell (column index null: the row's total), or null when it cannot be shown. */
  cellPath: (rowIndex: number, columnIndex: number | null) => string | null;
}) {
  const count = (value: number, path: string | null, testId: string) =>
    value > 0 && path ? (
      <Anchor component={Link} to={path} data-testid={testId}>
        {value}
      </Anchor>
    ) : (
      <Text span c={value > 0 ? undefined : 'dimmed'} data-testid={testId}>
        {value > 0 ? value : '·'}
      </Text>
    );
  const byCell = new Map(matrix.cells.map((c) => [`${c.row ?? 'none'}|${c.column}`, c.count]));
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table striped highlightOnHover withTableBorder stickyHeader data-testid="dashboard-table" miw={360}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{rowHeader}</Table.Th>
            {matrix.columns.map((c) => (
              <Table.Th key={c.key} ta="right">
                {columnLabel(c)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{totalLabel}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matrix.rows.map((row, r) => (
            <Table.Tr key={row.id ?? 'none'} data-testid={`dashboard-row-${row.id ?? 'none'}`}>
              <Table.Td style={{ whiteSpace: 'pre' }} fw={row.depth === 0 ? 600 : undefined}>
                {rowLabel(row, noLocation)}
              </Table.Td>
              {matrix.columns.map((c, ci) => (
                <Table.Td key={c.key} ta="right">
                  {count(
                    byCell.get(`${row.id ?? 'none'}|${c.key}`) ?? 0,
                    cellPath(r, ci),
                    `cell-${row.id ?? 'none'}-${c.key}`,
                  )}
                </Table.Td>
              ))}
              <Table.Td ta="right" fw={600}>
                {count(row.total, cellPath(r, null), `row-total-${row.id ?? 'none'}`)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{totalLabel}</Table.Th>
            {matrix.columns.map((c) => (
              <Table.Th key={c.key} ta="right">
                {c.total}
              </Table.Th>
            ))}
            <Table.Th ta="right" data-testid="dashboard-total">
              {matrix.total}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}
