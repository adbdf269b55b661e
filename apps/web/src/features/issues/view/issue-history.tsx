import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { historyNames, issueHistoryLines } from './history-lines.ts';
import { fieldChanges } from './history-model.ts';
import { displayName, useIssueFormatters } from './issue-format.ts';
import type { IssueScreen } from './use-issue-screen.ts';

/** The issue's history as a timeline, newest first; entries still unread by the user are marked. */
export function IssueHistory({ screen }: { screen: IssueScreen }) {
  const { t } = useTranslation(['issue', 'enums']);
  const format = useIssueFormatters();
  const names = historyNames(screen, t, format.date);
  const entries = [...screen.issue.history].sort(
    (a, b) => b.dataTime.localeCompare(a.dataTime) || b._id - a._id,
  );
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="history-empty">
        {t('history.empty')}
      </Text>
    );
  }
  return (
    <Timeline bulletSize={20} lineWidth={2} data-testid="issue-history">
      {entries.map((entry) => (
        <Timeline.Item
          key={entry._id}
          bullet={<IconHistory size={12} />}
          data-testid="history-entry"
          title={
            <Group gap={6}>
              <Text size="sm" fw={500}>
                {displayName(entry.userId ? screen.usersById.get(entry.userId) : null, t('unknownUser'))}
              </Text>
              <Text size="xs" c="dimmed">
                {format.dateTime(entry.dataTime)}
              </Text>
              {entry.hasNotification && (
                <Badge size="xs" color="blue" data-testid="history-unread">
                  {t('unread')}
                </Badge>
              )}
            </Group>
          }
        >
          <Stack gap={2}>
            {fieldChanges(entry.fields).flatMap((change) =>
              issueHistoryLines(change, t, names).map((line, i) => (
                <Text size="sm" key={`${change.field}-${i}`} data-testid="history-line">
                  {line}
                </Text>
              )),
            )}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
