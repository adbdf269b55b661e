import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import { badgeText } from '../../projects/project-sections.ts';

/** A counter that reads 99+ above 99 (editor §9); nothing at zero unless `showZero`. */
export function IssueCountBadge({
  count,
  label,
  color = 'blue',
  icon,
  showZero = false,
  testId = 'count-badge',
}: {
  count: number;
  label: string;
  color?: string;
  icon?: ReactNode;
  showZero?: boolean;
  testId?: string;
}) {
  if (count <= 0 && !showZero) return null;
  return (
    <Badge
      size="sm"
      circle={!icon && count < 10}
      variant={count > 0 ? 'filled' : 'default'}
      color={count > 0 ? color : 'gray'}
      leftSection={icon}
      title={`${label}: ${count}`}
      aria-label={`${label}: ${count}`}
      data-testid={testId}
      data-count={count}
      styles={{ root: { flexShrink: 0 } }}
    >
      {badgeText(count)}
    </Badge>
  );
}
