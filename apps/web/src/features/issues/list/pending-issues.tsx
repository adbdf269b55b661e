import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/guards/session-context.ts';
import { lazyExport } from '../../../lib/lazy-import.ts';
import { listOutbox, removeEntry, type OutboxEntry, type QueuedIssue } from '../../../lib/offline/outbox.ts';
import { isWaiting } from '../../../lib/offline/outbox-machine.ts';
import { announce, OUTBOX_EVENT, type OfflineSyncEvent } from '../../../lib/offline/sync.ts';

const QueuedIssueDialog = lazyExport(() => import('../edit/queued-issue-dialog.tsx'), 'QueuedIssueDialog');

type QueuedIssueEntry = OutboxEntry & { write: QueuedIssue };

/**
 * The project's new issues written offline (issue 34, docs/offline.md), above the list until they reach the
 * server: each with a "waiting to sync" badge, not clickable (the issue view, its history and comments are the
 * server's; there is no local copy of them yet). A queued issue the server refused shows the catalogue's message
 * and can be edited and resent, or discarded after a confirmation. When one is created, the list reloads and
 * shows the server's issue, with its code, in its place.
 */
export function PendingIssues({ projectId, onCreated }: { projectId: number; onCreated: () => void }) {
  const { t } = useTranslation(['issues', 'errors']);
  const { user } = useSession();
  const userId = user?.id;
  const [entries, setEntries] = useState<QueuedIssueEntry[]>([]);
  const [editing, setEditing] = useState<QueuedIssueEntry | null>(null);
  const [dropping, setDropping] = useState<QueuedIssueEntry | null>(null);
  const created = useRef(onCreated);
  created.current = onCreated;
  useEffect(() => {
    if (userId === undefined) return undefined;
    let live = true;
    const refresh = (event?: Event) => {
      void listOutbox(userId).then((all) => {
        if (live)
          setEntries(
            all.filter(
              (e): e is QueuedIssueEntry => e.write.kind === 'issue' && e.write.projectId === projectId,
            ),
          );
      });
      const made = (event as CustomEvent<OfflineSyncEvent> | undefined)?.detail?.createdIssues.filter(
        (c) => c.projectId === projectId,
      );
      if (made && made.length > 0) {
        created.current();
        notifications.show({ color: 'green', message: t('offline.sent', { count: made.length }) });
      }
    };
    refresh();
    window.addEventListener(OUTBOX_EVENT, refresh);
    return () => {
      live = false;
      window.removeEventListener(OUTBOX_EVENT, refresh);
    };
  }, [userId, projectId, t]);
  if (userId === undefined || entries.length === 0) return null;
  const drop = async (entry: QueuedIssueEntry) => {
    await removeEntry(userId, entry.seq);
    setDropping(null);
    announce();
  };
  return (
    <Stack gap={6} data-testid="pending-issues" style={{ flexShrink: 0 }}>
      <Text size="xs" c="dimmed">
        {t('offline.hint')}
      </Text>
      {entries.map((entry) => {
        const waiting = isWaiting(entry);
        return (
          <Paper
            key={entry.seq}
            withBorder
            p="xs"
            radius="md"
            data-testid="pending-issue"
            data-outbox={entry.state}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2} miw={0}>
                <Group gap="xs" wrap="nowrap">
                  <Badge
                    color={waiting ? 'yellow' : 'red'}
                    variant="light"
                    leftSection={<IconCloudUpload size={12} />}
                    data-testid="pending-issue-badge"
                  >
                    {entry.state === 'sending' ? t('offline.sending') : t('offline.waiting')}
                  </Badge>
                  <Text size="sm" fw={600} truncate data-testid="pending-issue-title">
                    {entry.write.values.title}
                  </Text>
                </Group>
                {entry.state === 'refused' && (
                  <Text size="xs" c="red" data-testid="pending-issue-error">
                    {t('offline.refused', {
                      message: t(`errors:${entry.code ?? 'UNEXPECTED'}`, { defaultValue: entry.code }),
                    })}
                  </Text>
                )}
                {entry.state === 'gone' && (
                  <Text size="xs" c="red" data-testid="pending-issue-error">
                    {t('offline.gone')}
                  </Text>
                )}
              </Stack>
              {!waiting && (
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="light" onClick={() => setEditing(entry)}>
                    {t('offline.editResend')}
                  </Button>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDropping(entry)}>
                    {t('offline.drop')}
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
      {dropping && (
        <Modal
          opened
          onClose={() => setDropping(null)}
          title={t('offline.dropTitle')}
          data-testid="pending-issue-drop"
        >
          <Stack gap="sm">
            <Alert color="red" variant="light">
              {t('offline.dropMessage', { title: dropping.write.values.title })}
            </Alert>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" data-autofocus onClick={() => setDropping(null)}>
                {t('offline.keep')}
              </Button>
              <Button
                color="red"
                onClick={() => void drop(dropping)}
                data-testid="pending-issue-drop-confirm"
              >
                {t('offline.drop')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {editing && (
        <Suspense fallback={null}>
          <QueuedIssueDialog
            userId={userId}
            entry={editing}
            onClose={() => setEditing(null)}
            onSaved={(issueId) => {
              setEditing(null);
              if (issueId !== null) created.current();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
