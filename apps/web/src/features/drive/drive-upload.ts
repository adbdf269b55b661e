import {
  checkDriveFileName,
  isDriveExtension,
  parseDocumentName,
  splitFileName,
  type NamingContext,
  type NamingProblem,
  type NamingRuleField,
  type ParsedDocumentName,
} from '@obra/domain';
import type { ProjectDetails } from '../projects/project-context.ts';

/** The naming context of the project as the web has it (same rules as the server's). */
export function namingContextOf(project: ProjectDetails): NamingContext {
  const parents = new Set(project.locals.map((l) => l.parentId).filter((p) => p !== null && p !== undefined));
  return {
    rule: project.documentsNamingRule as NamingRuleField[],
    separator: project.documentsNamingRuleSeparator,
    disciplines: project.disciplines.map((d) => ({ id: d.id, abbreviation: d.abbreviation })),
    locals: project.locals.map((l) => ({
      id: l.id,
      abbreviation: l.abbreviation,
      isGroup: parents.has(l.id),
    })),
    phases: project.phases.filter((p) => p.active).map((p) => ({ id: p.id, abbreviation: p.abbreviation })),
  };
}

/** What a chosen file becomes before it is sent: its fields read from the name, or why the name is refused. */
export type UploadCheck =
  | { ok: true; parsed: ParsedDocumentName }
  | { ok: false; reason: 'name'; problem: NamingProblem }
  | { ok: false; reason: 'fileName' | 'extension' | 'size' };

/** The largest file the drive takes (the server checks it too). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;

/** Checks a file before upload, as the server will (name, extension, size, naming rule). */
export function checkUpload(file: { name: string; size: number }, context: NamingContext): UploadCheck {
  const name = checkDriveFileName(file.name);
  if (!name.ok) return { ok: false, reason: 'fileName' };
  if (!isDriveExtension(splitFileName(name.fileName).extension)) return { ok: false, reason: 'extension' };
  if (file.size <= 0 || file.size > MAX_UPLOAD_BYTES) return { ok: false, reason: 'size' };
  const parsed = parseDocumentName(name.fileName, context);
  return parsed.ok ? parsed : { ok: false, reason: 'name', problem: parsed.problem };
}

/** Every file of a drop, folders walked recursively (drag and drop of a folder of drawings). */
export async function filesOfDrop(items: DataTransferItemList): Promise<File[]> {
  const entries = [...items]
    .map((item) => item.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => !!e);
  const files: File[] = [];
  const walk = async (entry: FileSystemEntry): Promise<void> => {
    if (entry.isFile) {
      files.push(
        await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)),
      );
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      for (;;) {
        const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
          reader.readEntries(resolve, reject),
        );
        if (batch.length === 0) break;
        for (const child of batch) await walk(child);
      }
    }
  };
  for (const entry of entries) await walk(entry);
  return files;
}

/** How a failed PUT of a file's bytes is tried again: attempts in all, and the wait before the n-th retry. */
export interface RetryPolicy {
  attempts: number;
  /** Wait before retry n (1-based): base × 2^(n−1), so 1 s, 2 s, 4 s by default. */
  baseDelayMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 4,
  baseDelayMs: 1000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Whether a PUT answer is worth sending again: a dropped connection (0), a timeout, too many requests, or a server
 * or gateway failure. A refusal (403: the address expired or was altered; 413: more bytes than declared) is not.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * Sends a file's bytes with `put` (which resolves with the HTTP status, or rejects when the connection drops), and
 * tries again with exponential backoff while the failure is retryable. Progress goes back to 0 before each try
 * (the upload address takes the whole file again: a retried PUT replaces what an earlier one left). `onRetry` says
 * which attempt comes next. Resolves with the last status (200 when the bytes arrived).
 */
export async function putWithRetry(
  put: (onProgress: (fraction: number) => void) => Promise<number>,
  onProgress: (fraction: number) => void,
  options: {
    policy?: RetryPolicy;
    onRetry?: (attempt: number, attempts: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<number> {
  const policy = options.policy ?? DEFAULT_RETRY;
  let status = 0;
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (attempt > 1) {
      options.onRetry?.(attempt, policy.attempts);
      await policy.sleep(policy.baseDelayMs * 2 ** (attempt - 2));
    }
    if (options.signal?.aborted) return status;
    onProgress(0);
    status = await put(onProgress).catch(() => 0);
    if (status >= 200 && status < 300) return status;
    if (!isRetryableStatus(status) || options.signal?.aborted) return status;
  }
  return status;
}
