import { Alert, ScrollArea, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { IssueRow } from './issue-row.ts';

/** An issue a bulk call refused, with the catalogue code and the server's message. */
export interface Rejection {
  readonly issueId: number;
  readonly code: string;
  readonly message: string;
}

/** The reason of a rejection in the user's language: the errors namespace, else the server's message. */
export function useRejectionReason(): (rejection: Rejection) => string {
  const { t } = useTranslation('errors');
  return (rejection) => t(rejection.code, { defaultValue: rejection.message || rejection.code });
}

/** The issues a bulk edit or copy refused, each with its translated reason (spec core §5). */
export function RejectedIssues({
  rejected,
  rows,
}: {
  rejected: readonly Rejection[];
  rows: ReadonlyMap<number, IssueRow>;
}) {
  const { t } = useTranslation('issues');
  const reason = useRejectionReason();
  if (rejected.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('bulk.rejectedTitle', { count: rejected.length })}
      data-testid="bulk-rejected"
    >
      <ScrollArea.Autosize mah={240} type="auto">
        <Table verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {rejected.map((r) => {
              const row = rows.get(r.issueId);
              return (
                <Table.Tr
                  key={r.issueId}
                  data-testid="bulk-rejected-issue"
                  data-issue-id={r.issueId}
                  data-code={r.code}
                >
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {row?.code ?? `#${r.issueId}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {row?.title ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="orange.8" data-testid="bulk-rejected-reason">
                      {reason(r)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Alert>
  );
}
