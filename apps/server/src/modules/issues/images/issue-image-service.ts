import { z } from 'zod';
import {
  AppError,
  markupProblems,
  normalizeText,
  textLengthProblems,
  throwFirstProblem,
  type IssueImageInput,
} from '@obra/domain';
import type { Db } from '../../../db/database.ts';
import type { AppServices } from '../../../services.ts';
import type { Actor } from '../../../auth/actor.ts';
import { loadProjectAccess, type ProjectAccess } from '../../projects/project-access.ts';
import {
  deleteImageRows,
  filesUsedByImages,
  insertImageRow,
  loadProjectIssueImages,
  ownedImageRows,
  updateImageRow,
  type ImageView,
  type IssueImageRow,
} from './issue-image-repository.ts';
import { confirmIssueFile, loadOwnFiles, type ConfirmedIssueFile } from './issue-file-service.ts';

/** The most images an issue, or a comment, may have. */
export const MAX_IMAGES = 50;

/** An image as createIssue, updateIssue and the comment mutations take it (the domain's IssueImageInput). */
export type ImageInput = IssueImageInput;

const imageInputSchema = z
  .object({
    id: z.number().int().nullish(),
    index: z.number().int().nullish(),
    title: z.string().nullish(),
    original: z.string().nullish(),
    markedUp: z.string().nullish(),
    markUp: z.unknown().optional(),
    viewpoint: z.unknown().optional(),
  })
  .strict();

function badImages(reason: string): AppError {
  return new AppError('BAD_USER_INPUT', reason, { field: 'images' });
}

/** The comment mutations take images as JSON: the same shape as IssueImageInput, checked here. */
export function parseImagesJson(raw: unknown): ImageInput[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const parsed = z.array(imageInputSchema).safeParse(raw);
  if (!parsed.success) throw badImages('images must be a list of IssueImageInput');
  return parsed.data;
}

/** The new files an image list points at (fileIds of originals and marked-up renderings). */
function referencedFiles(inputs: readonly ImageInput[]): string[] {
  return inputs.flatMap((i) => [i.original, i.markedUp].filter((g): g is string => typeof g === 'string'));
}

/**
 * What the user wrote in each image: its title within TEXT_LIMITS.imageTitle (TEXT_TOO_LONG) and its markUp a
 * valid markup document of the domain schema (BAD_USER_INPUT on images.N.markUp). Checked before any file.
 */
function checkImageContents(inputs: readonly ImageInput[]): void {
  throwFirstProblem(
    textLengthProblems(inputs.map((i, n) => [`images.${n}.title`, i.title, 'imageTitle'] as const)),
  );
  // The editor's markup document (domain markup schema): malformed markUp is refused, never stored.
  throwFirstProblem(inputs.flatMap((i, n) => markupProblems(i.markUp, `images.${n}.markUp`)));
}

/**
 * Before the transaction (it reads the store): every file an image list points at must be the caller's own
 * upload in the project (BAD_USER_INPUT otherwise, like any reference outside the project), and is confirmed
 * now if it was not yet (the confirmation's codes: FILE_SIZE_LIMIT_EXCEEDED, FILE_EXTENSION_NOT_ALLOWED, …).
 */
export async function prepareImageFiles(
  services: AppServices,
  access: ProjectAccess,
  inputs: readonly ImageInput[] | null | undefined,
): Promise<Map<string, ConfirmedIssueFile>> {
  if (inputs) checkImageContents(inputs);
  const wanted = inputs ? referencedFiles(inputs) : [];
  if (wanted.length === 0) return new Map();
  const own = await loadOwnFiles(services.database.db, access, wanted);
  const files = new Map<string, ConfirmedIssueFile>();
  for (const guid of new Set(wanted)) {
    const row = own.get(guid);
    if (!row) throw badImages('an image file is not an upload of the caller in this project');
    files.set(guid, await confirmIssueFile(services, row));
  }
  return files;
}

/** JSON with object keys sorted: jsonb does not keep the key order a client sent. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/** What the history records of an image. */
interface ImageSummary {
  id: number;
  index: number;
  title: string;
  original: number;
  markedUp: number | null;
}

const summaryOf = (
  r: Pick<IssueImageRow, 'id' | 'index' | 'title' | 'originalFileId' | 'markedUpFileId'>,
): ImageSummary => ({
  id: r.id,
  index: r.index,
  title: r.title,
  original: r.originalFileId,
  markedUp: r.markedUpFileId,
});

function checkList(inputs: readonly ImageInput[], current: readonly IssueImageRow[]): void {
  if (inputs.length > MAX_IMAGES) throw badImages(`at most ${MAX_IMAGES} images`);
  const kept = inputs.map((i) => i.id).filter((id): id is number => id != null);
  if (new Set(kept).size !== kept.length) throw badImages('an image is listed twice');
  const known = new Set(current.map((r) => r.id));
  if (kept.some((id) => !known.has(id))) throw badImages('an image id is not one of these images');
  if (inputs.some((i) => i.id == null && !i.original)) throw badImages('a new image needs its original');
  checkImageContents(inputs);
  const guids = referencedFiles(inputs);
  if (new Set(guids).size !== guids.length) throw badImages('a file is used twice');
}

/** Files already used by an image other than the one about to take them. */
async function checkFilesFree(
  tx: Db,
  inputs: readonly ImageInput[],
  files: ReadonlyMap<string, ConfirmedIssueFile>,
): Promise<void> {
  const ids = referencedFiles(inputs).map((g) => files.get(g)?.id ?? 0);
  if (ids.length === 0) return;
  if (await filesUsedByImages(tx, ids)) throw badImages('a file already belongs to an image');
}

/** Where an image list goes: the issue's own images (commentId null), or a comment's. */
export interface ImageOwner {
  projectId: number;
  issueId: number;
  commentId: number | null;
  userId: number;
}

/**
 * Replaces the images of an issue or comment inside the caller's transaction: kept ones (with an id) are
 * updated, new ones inserted, the others removed (their files are then unused and go with the cleanup job).
 * Returns the change for the history, or undefined when nothing changed.
 */
export async function replaceImages(
  tx: Db,
  owner: ImageOwner,
  inputs: readonly ImageInput[],
  files: ReadonlyMap<string, ConfirmedIssueFile>,
): Promise<{ old: ImageSummary[]; new: ImageSummary[] } | undefined> {
  const current = await ownedImageRows(tx, owner);
  checkList(inputs, current);
  await checkFilesFree(tx, inputs, files);
  const fileId = (guid: string | null | undefined): number | null | undefined =>
    guid === undefined ? undefined : guid === null ? null : (files.get(guid)?.id ?? null);
  const byId = new Map(current.map((r) => [r.id, r]));
  const keptIds = new Set(inputs.map((i) => i.id).filter((id): id is number => id != null));
  const removed = current.filter((r) => !keptIds.has(r.id)).map((r) => r.id);
  if (removed.length > 0) await deleteImageRows(tx, removed);
  let changed = removed.length > 0;
  const after: ImageSummary[] = [];
  for (const [position, input] of inputs.entries()) {
    const title = (input.title ?? '').trim();
    const values = {
      index: input.index ?? position,
      title,
      searchTitle: normalizeText(title).replace(/\s+/g, ' '),
      ...(fileId(input.original) ? { originalFileId: fileId(input.original) as number } : {}),
      ...(fileId(input.markedUp) !== undefined ? { markedUpFileId: fileId(input.markedUp) } : {}),
      ...(input.markUp !== undefined ? { markUp: input.markUp ?? null } : {}),
      ...(input.viewpoint !== undefined ? { viewpoint: input.viewpoint ?? null } : {}),
    };
    const existing = input.id != null ? byId.get(input.id) : undefined;
    if (existing) {
      const merged = { ...existing, ...values };
      if (canonicalJson(merged) !== canonicalJson(existing)) {
        await updateImageRow(tx, existing.id, values);
        changed = true;
      }
      after.push(summaryOf(merged));
      continue;
    }
    const row = await insertImageRow(tx, {
      projectId: owner.projectId,
      issueId: owner.issueId,
      commentId: owner.commentId,
      createdByUserId: owner.userId,
      originalFileId: 0,
      ...values,
    });
    after.push(summaryOf(row));
    changed = true;
  }
  return changed ? { old: current.map(summaryOf), new: after } : undefined;
}

/** issuesImages: the own images of every issue of the project the caller sees (PROJECT_NOT_FOUND outside it). */
export async function projectIssueImages(
  services: AppServices,
  actor: Actor,
  projectId: number,
): Promise<ImageView[]> {
  const access = await loadProjectAccess(services.database.db, actor, projectId);
  return loadProjectIssueImages(services.database.db, access);
}
