import type { AppServices } from '../../../services.ts';
import { deleteIssueFilesIfUnused, unusedIssueFileIds } from './issue-file-repository.ts';

/** How long a confirmed upload may wait to be used by an image before it is removed. */
export const UNUSED_FILE_HOURS = 24;
const BATCH = 500;

/**
 * The files.cleanup job: removes uploads that never counted — pending ones past their expiry (never uploaded
 * or never confirmed) and confirmed ones no image has used for UNUSED_FILE_HOURS (an issue never saved, an
 * image removed, an issue deleted) — rows first (only while still unused), then their objects. Returns how many.
 */
export async function cleanupIssueFiles(services: AppServices, now = new Date()): Promise<number> {
  const { db } = services.database;
  const unusedSince = new Date(now.getTime() - UNUSED_FILE_HOURS * 3_600_000);
  let removed = 0;
  for (;;) {
    const candidates = await unusedIssueFileIds(db, { now, unusedSince, limit: BATCH });
    if (candidates.length === 0) return removed;
    // The condition again in the delete: an image may have taken a file since it was selected.
    const gone = await deleteIssueFilesIfUnused(db, candidates);
    await services.files.store.remove(gone.flatMap((g) => (g.thumbKey ? [g.key, g.thumbKey] : [g.key])));
    removed += gone.length;
    if (candidates.length < BATCH) return removed;
  }
}
