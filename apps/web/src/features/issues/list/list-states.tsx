import type { ReactNode } from 'react';
import { Button, Center, Group, Loader, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFilterOff, IconInbox, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error.tsx';
import type { EngineResult } from './issue-list-engine.ts';
import type { LoadProgress } from './use-issue-pages.ts';

/** The count of shown issues and, while pages are still arriving, the loading progress. */
export function LoadStatus({
  progress,
  shown,
  total,
}: {
  progress: LoadProgress;
  shown: number | null;
  total: number;
}) {
  const { t } = useTranslation('issues');
  const loading = !progress.done && !progress.error;
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      {shown !== null && (
        <Text size="sm" c="dimmed" data-testid="issue-count" data-shown={shown} data-total={total}>
          {shown === total ? t('list.count', { count: total }) : t('list.countOf', { shown, count: total })}
        </Text>
      )}
      {loading && (
        <Group gap={6} wrap="nowrap" data-testid="issue-load-progress" role="status" aria-live="polite">
          <Loader size={14} />
          <Text size="xs" c="dimmed" visibleFrom="xs">
            {t('list.loading', { count: progress.loaded })}
          </Text>
        </Group>
      )}
      {progress.done && <span data-testid="issue-list-complete" hidden />}
    </Group>
  );
}

function SkeletonRows({ label }: { label?: string }) {
  return (
    <Stack gap={6} aria-busy="true" aria-label={label} data-testid="issue-list-loading">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} height={52} radius="sm" />
      ))}
    </Stack>
  );
}

function LoadingRows() {
  const { t } = useTranslation('issues');
  return <SkeletonRows label={t('list.loadingLabel')} />;
}

/** What shows while the screen's code or translations arrive (no text: the translations may be what is missing). */
export function ListSkeleton() {
  return (
    <Stack gap="xs">
      <Skeleton height={32} width={220} radius="sm" />
      <Skeleton height={36} radius="sm" />
      <SkeletonRows />
    </Stack>
  );
}

/**
 * The list's body with its states: loading (skeleton rows until the first page), failed (with a retry), an
 * empty project, nothing matching the filter (with a way to clear it), or the issues.
 */
export function ListBody({
  progress,
  result,
  contextError,
  filtered,
  onRetry,
  onClearFilter,
  children,
}: {
  progress: LoadProgress;
  result: EngineResult | null;
  contextError: unknown;
  filtered: boolean;
  onRetry: () => void;
  onClearFilter: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('issues');
  const error = progress.error ?? contextError;
  if (error) {
    return (
      <Stack maw={640} data-testid="issue-list-error">
        <FormError error={error} />
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          onClick={onRetry}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('list.retry')}
        </Button>
      </Stack>
    );
  }
  if (!result) return <LoadingRows />;
  if (result.total === 0 && progress.done) {
    return (
      <ListMessage
        testId="issue-list-empty"
        icon={<IconInbox size={26} />}
        title={t('list.emptyTitle')}
        message={t('list.emptyMessage')}
      />
    );
  }
  if (result.ids.length === 0 && progress.done) {
    return (
      <ListMessage
        testId="issue-list-no-match"
        icon={<IconFilterOff size={26} />}
        title={t('list.noMatchTitle')}
        message={t('list.noMatchMessage')}
      >
        {filtered && (
          <Button variant="light" onClick={onClearFilter} data-testid="issue-list-clear-filter">
            {t('list.clearFilter')}
          </Button>
        )}
      </ListMessage>
    );
  }
  return <>{children}</>;
}

/** Why the list shows no rows: an icon, a bold title, a dimmed explanation and what the user can do about it. */
function ListMessage({
  testId,
  icon,
  title,
  message,
  children,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <Center py="xl" data-testid={testId}>
      <Stack align="center" gap="xs">
        <ThemeIcon variant="light" size={48} radius="xl" color="gray">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          {message}
        </Text>
        {children}
      </Stack>
    </Center>
  );
}
