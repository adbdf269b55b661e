import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IssueCountBadge } from '../shared/count-badge.tsx';
import { LabelledIcon } from '../shared/issue-indicators.tsx';
import type { IssueRow } from './issue-row.ts';
import { rowCounters, rowFlag } from './row-marker-model.ts';

/** The pending flag (or late alarm) and the unread mention and notification counters (99+) of an issue. */
export function RowMarkers({ row, pending, late }: { row: IssueRow; pending: boolean; late: boolean }) {
  const { t } = useTranslation('issues');
  const flag = rowFlag({ late, pending });
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {flag && (
        <LabelledIcon
          label={t(`row.${flag.label}`)}
          color={flag.color}
          testId={flag.testId}
          icon={<flag.Icon size={16} />}
        />
      )}
      {rowCounters(row).map((c) => (
        <IssueCountBadge
          key={c.label}
          count={c.count}
          label={t(`row.${c.label}`)}
          color={c.color}
          icon={<c.Icon size={10} />}
          testId={c.testId}
        />
      ))}
    </Group>
  );
}
