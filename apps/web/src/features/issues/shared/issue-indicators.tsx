import type { ReactNode } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PRIORITY_ICONS, STATUS_ICONS, VISIBILITY_ICONS } from './indicator-icons.ts';

export { PRIORITY_ICONS, STATUS_ICONS, VISIBILITY_ICONS };
import { priorityLook, statusLook, visibilityLook } from './indicator-model.ts';

/** `badge` shows icon and label; `icon` only the icon, with the label for assistive technology and hover. */
export type IndicatorVariant = 'badge' | 'icon';

/**
 * A coloured icon that names itself to screen readers and on hover (an indicator's icon variant, the issue table's
 * late and pending flags). A plain span with a native title: rows of a 20,000-issue list cannot each afford a
 * tooltip component.
 */
export function LabelledIcon({
  color,
  icon,
  label,
  testId,
  value,
}: {
  color: string;
  icon: ReactNode;
  label: string;
  testId: string;
  value?: string;
}) {
  return (
    <Text
      component="span"
      c={color}
      title={label}
      aria-label={label}
      role="img"
      data-testid={testId}
      data-value={value}
      style={{ display: 'inline-flex', alignItems: 'center' }}
    >
      {icon}
    </Text>
  );
}

function Indicator({
  variant,
  color,
  icon,
  label,
  testId,
  value,
}: {
  variant: IndicatorVariant;
  color: string;
  icon: ReactNode;
  label: string;
  testId: string;
  value: string;
}) {
  if (variant === 'icon')
    return <LabelledIcon color={color} icon={icon} label={label} testId={testId} value={value} />;
  return (
    <Badge
      variant="light"
      color={color}
      leftSection={icon}
      data-testid={testId}
      data-value={value}
      styles={{ root: { textTransform: 'none' } }}
    >
      {label}
    </Badge>
  );
}

/** An issue status (editor §3.6): active, resolved, reproved with the icons active, yes and delete. */
export function IssueStatusIndicator({
  status,
  variant = 'badge',
}: {
  status: string;
  variant?: IndicatorVariant;
}) {
  const { t } = useTranslation('enums');
  const look = statusLook(status);
  const Icon = look.icon ? STATUS_ICONS[look.icon] : IconHelpCircle;
  const label = look.status ? t(`issueStatuses.${look.status}`) : status;
  return (
    <Indicator
      variant={variant}
      color={look.color}
      icon={<Icon size={variant === 'icon' ? 18 : 14} />}
      label={label}
      testId="issue-status"
      value={look.status ?? status}
    />
  );
}

/** An issue priority (editor §3.6): high, medium, low; any other value is shown as low. */
export function IssuePriorityIndicator({
  priority,
  variant = 'badge',
}: {
  priority: string;
  variant?: IndicatorVariant;
}) {
  const { t } = useTranslation('enums');
  const look = priorityLook(priority);
  const Icon = PRIORITY_ICONS[look.priority];
  return (
    <Indicator
      variant={variant}
      color={look.color}
      icon={<Icon size={variant === 'icon' ? 18 : 14} />}
      label={t(`priorities.${look.priority}`)}
      testId="issue-priority"
      value={look.priority}
    />
  );
}

/**
 * An issue visibility (editor §3.6). Semi-public shows its explanatory message under the badge when
 * `withHint` is set (forms), and as the hover text otherwise.
 */
export function IssueVisibilityIndicator({
  visibility,
  variant = 'badge',
  withHint = false,
}: {
  visibility: string;
  variant?: IndicatorVariant;
  withHint?: boolean;
}) {
  const { t } = useTranslation('enums');
  const look = visibilityLook(visibility);
  const Icon = VISIBILITY_ICONS[look.visibility];
  const label = t(`visibilities.${look.visibility}`);
  const indicator = (
    <Indicator
      variant={variant}
      color={look.color}
      icon={<Icon size={variant === 'icon' ? 18 : 14} />}
      label={look.hasHint && variant === 'icon' ? `${label}: ${t('visibilityHints.semi_public')}` : label}
      testId="issue-visibility"
      value={look.visibility}
    />
  );
  if (!withHint || !look.hasHint) return indicator;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {indicator}
      <Text size="xs" c="dimmed" data-testid="issue-visibility-hint">
        {t('visibilityHints.semi_public')}
      </Text>
    </Group>
  );
}
