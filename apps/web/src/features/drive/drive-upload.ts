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
