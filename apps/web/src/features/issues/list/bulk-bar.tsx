import type { ReactNode } from 'react';
import { Button, type ButtonProps, CloseButton, Group, Paper, ScrollArea, Text } from '@mantine/core';
import { IconCopy, IconEdit, IconMail, IconMailOpened, IconSquareCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { canCopyIssues, type ProjectRole } from '@obra/domain';
import { type DemoLock, useDemoLock } from '../../demo-mode/demo-mode.tsx';

/**
 * The actions on the selected issues: edit, copy to a project (managers only), mark read or unread. One row that
 * takes the place of the standard-filter tabs at their height (nothing below moves); on a narrow screen the
 * actions scroll.
 */
export function BulkBar({
  count,
  shown,
  onSelectShown,
  onClear,
  onEdit,
  onCopy,
  onMarkRead,
  onMarkUnread,
  busy,
  role,
  exportMenu,
}: {
  count: number;
  /** How many issues the current filter shows. */
  shown: number;
  onSelectShown: () => void;
  onClear: () => void;
  onEdit: () => void;
  onCopy: () => void;
  onMarkRead: () => void;
  onMarkUnread: () => void;
  busy: boolean;
  /** The user's project role: copying to a project is offered only to those the issue policy allows. */
  role: ProjectRole | null;
  /** "Export the selection": the export menu over the selected issues. */
  exportMenu?: ReactNode;
}) {
  const { t } = useTranslation('issues');
  const { lock } = useDemoLock();
  return (
    <Paper
      withBorder
      shadow="sm"
      px={6}
      py={0}
      h="100%"
      radius="md"
      style={{ display: 'flex', alignItems: 'center' }}
      data-testid="bulk-bar"
      role="toolbar"
      aria-label={t('bulk.toolbar')}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <CloseButton aria-label={t('bulk.clear')} onClick={onClear} size="sm" />
          <Text size="sm" fw={600} data-testid="bulk-count" style={{ whiteSpace: 'nowrap' }}>
            {t('bulk.selected', { count })}
          </Text>
          {count < shown && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconSquareCheck size={14} />}
              onClick={onSelectShown}
              data-testid="bulk-select-shown"
            >
              {t('bulk.selectShown', { count: shown })}
            </Button>
          )}
        </Group>
        <ScrollArea type="never" style={{ minWidth: 0 }}>
          <Group gap={4} wrap="nowrap">
            <BarButton
              variant="light"
              icon={<IconEdit size={14} />}
              onClick={onEdit}
              testId="bulk-edit"
              {...lock}
            >
              {t('bulk.edit')}
            </BarButton>
            {canCopyIssues({ role }) && (
              <BarButton
                variant="light"
                icon={<IconCopy size={14} />}
                onClick={onCopy}
                testId="bulk-copy"
                {...lock}
              >
                {t('bulk.copy')}
              </BarButton>
            )}
            {exportMenu}
            <BarButton
              variant="default"
              icon={<IconMailOpened size={14} />}
              onClick={onMarkRead}
              loading={busy}
              testId="bulk-mark-read"
            >
              {t('bulk.markRead')}
            </BarButton>
            <BarButton
              variant="default"
              icon={<IconMail size={14} />}
              onClick={onMarkUnread}
              loading={busy}
              testId="bulk-mark-unread"
            >
              {t('bulk.markUnread')}
            </BarButton>
          </Group>
        </ScrollArea>
      </Group>
    </Paper>
  );
}

/** One compact action of the bar; the rest of the props (loading, the demo lock) go to the button. */
function BarButton({
  icon,
  testId,
  children,
  ...rest
}: ButtonProps &
  DemoLock['lock'] & { icon: ReactNode; testId: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button size="compact-sm" leftSection={icon} data-testid={testId} {...rest}>
      {children}
    </Button>
  );
}
