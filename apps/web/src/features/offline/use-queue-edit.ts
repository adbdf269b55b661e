import { useCallback, useContext } from 'react';
import type { CombinedError } from 'urql';
import { SessionContext } from '../../app/guards/session-context.ts';
import { enqueue } from '../../lib/offline/outbox.ts';
import { applyEditToCopy, type QueuedEdit } from '../../lib/offline/queued-edits.ts';
import { announce } from '../../lib/offline/sync.ts';

/** Whether a write goes to the outbox: the browser is offline, or the send got no answer. */
export function wantsQueue(error?: CombinedError | null): boolean {
  return !navigator.onLine || Boolean(error?.networkError);
}

/**
 * Queues an edit of an existing issue made without a network (issue 34): in the outbox (sent in order when the
 * network returns) and applied to the offline copy at once, so the screen, reloading, shows it.
 */
export function useQueueEdit(): (edit: QueuedEdit) => Promise<void> {
  // Outside a session (tests of a panel alone) there is no outbox: nothing is queued or shown.
  const userId = useContext(SessionContext)?.user?.id;
  return useCallback(
    async (edit: QueuedEdit) => {
      if (userId === undefined) return;
      await enqueue(userId, edit);
      await applyEditToCopy(userId, edit);
      announce();
    },
    [userId],
  );
}
