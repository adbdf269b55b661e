import { Group } from '@mantine/core';
import { IconAlarm, IconAt, IconBell, IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IssueCountBadge } from '../shared/count-badge.tsx';
import { LabelledIcon } from '../shared/issue-indicators.tsx';
import type { IssueRow } from './issue-row.ts';

/** The pending flag (or late alarm) and the unread mention and notification counters (99+) of an issue. */
export function RowMarkers({ row, pending, late }: { row: IssueRow; pending: boolean; late: boolean }) {
  const { t } = useTranslation('issues');
  const { count, mentions } = row.notificationsSummary;
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {late ? (
        <LabelledIcon label={t('row.late')} color="red" testId="issue-late" icon={<IconAlarm size={16} />} />
      ) : (
        pending && (
          <LabelledIcon
            label={t('row.pending')}
            color="orange"
            testId="issue-pending"
            icon={<IconFlag size={16} />}
          />
        )
      )}
      <IssueCountBadge
        count={mentions}
        label={t('row.mentions')}
        color="grape"
        icon={<IconAt size={10} />}
        testId="issue-mentions"
      />
      <IssueCountBadge
        count={count}
        label={t('row.notifications')}
        color="orange"
        icon={<IconBell size={10} />}
        testId="issue-notifications"
      />
    </Group>
  );
}
