import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/**
 * A table that scrolls sideways below `minWidth`, with striped rows: the column heads (a falsy head, a column
 * the reader does not get, is left out) above the rows given as children.
 */
export function DataTable({
  minWidth,
  highlightOnHover,
  testId,
  heads,
  children,
}: {
  minWidth: number;
  highlightOnHover?: boolean;
  testId: string;
  heads: ReactNode[];
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover={highlightOnHover} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {heads.filter(Boolean).map((head, i) => (
              <Table.Th key={i}>{head}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
