import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionContext } from '../../app/guards/session-context.ts';
import type { ConflictReport } from '../../lib/offline/offline-db.ts';
import { listOutbox, removeEntry, type OutboxEntry } from '../../lib/offline/outbox.ts';
import { conflictsOf, dismissConflict, type QueuedEdit } from '../../lib/offline/queued-edits.ts';
import { OUTBOX_EVENT, announce, type OfflineSyncEvent } from '../../lib/offline/sync.ts';

type EditEntry = OutboxEntry & { write: QueuedEdit };

const EDIT_KINDS = new Set(['disciplines', 'star', 'tags']);

/** How the notice names a field and shows a value (the disciplines panel knows the names). */
export interface FieldLabels {
  field: (field: string) => string;
  value: (field: string, value: unknown) => string;
}

/**
 * The issue's offline edits (issue 34): those waiting for the network; those the server refused (the catalogue's
 * message, and "Discard"); and, once sent, the fields someone else had changed meanwhile — field by field, the
 * user's value and the one kept (resolveQueuedEdit's report) — until the user dismisses it.
 */
export function OfflineEditsNotice({
  projectId,
  issueId,
  labels,
  onSent,
}: {
  projectId: number;
  issueId: number;
  labels: FieldLabels;
  onSent: () => void;
}) {
  const { t } = useTranslation(['common', 'errors']);
  // Outside a session (tests of a panel alone) there is no outbox: nothing is queued or shown.
  const userId = useContext(SessionContext)?.user?.id;
  const [entries, setEntries] = useState<EditEntry[]>([]);
  const [reports, setReports] = useState<ConflictReport[]>([]);

  const load = useCallback(() => {
    if (userId === undefined) return;
    void listOutbox(userId).then((all) =>
      setEntries(
        all.filter(
          (e): e is EditEntry =>
            EDIT_KINDS.has(e.write.kind) &&
            (e.write as QueuedEdit).issueId === issueId &&
            (e.write as QueuedEdit).projectId === projectId,
        ),
      ),
    );
    void conflictsOf(userId, issueId).then(setReports);
  }, [userId, issueId, projectId]);

  useEffect(() => {
    load();
    const onChange = (event: Event) => {
      load();
      if ((event as CustomEvent<OfflineSyncEvent> | undefined)?.detail?.sentIssueIds.includes(issueId))
        onSent();
    };
    window.addEventListener(OUTBOX_EVENT, onChange);
    return () => window.removeEventListener(OUTBOX_EVENT, onChange);
  }, [load, issueId, onSent]);

  if (userId === undefined || (entries.length === 0 && reports.length === 0)) return null;
  const waiting = entries.filter((e) => e.state === 'queued' || e.state === 'sending');
  const failed = entries.filter((e) => e.state === 'refused' || e.state === 'gone');
  return (
    <Stack gap="xs" data-testid="offline-edits">
      {waiting.length > 0 && (
        <Alert color="yellow" variant="light" data-testid="offline-edits-waiting">
          <Text size="sm">{t('offline.editsWaiting', { count: waiting.length })}</Text>
        </Alert>
      )}
      {failed.map((entry) => (
        <Alert key={entry.seq} color="red" variant="light" data-testid="offline-edit-refused">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {entry.state === 'gone'
                ? t('offline.editGone')
                : t('offline.editRefused', {
                    message: t(`errors:${entry.code ?? 'UNEXPECTED'}`, { defaultValue: entry.code }),
                  })}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => void removeEntry(userId, entry.seq).then(() => announce())}
            >
              {t('offline.discard')}
            </Button>
          </Group>
        </Alert>
      ))}
      {reports.map((report) => (
        <Alert key={report.id} color="orange" variant="light" data-testid="offline-conflict">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('offline.conflictTitle')}
            </Text>
            <List size="sm">
              {report.lost.map((lost) => (
                <List.Item key={lost.field} data-testid="offline-conflict-field" data-field={lost.field}>
                  {t('offline.conflictField', {
                    field: labels.field(lost.field),
                    mine: labels.value(lost.field, lost.mine),
                    server: labels.value(lost.field, lost.server),
                  })}
                </List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="subtle"
                onClick={() => {
                  if (report.id !== undefined) void dismissConflict(userId, report.id).then(load);
                }}
              >
                {t('offline.dismiss')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}
