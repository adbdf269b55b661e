import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import {
  isDocumentStatus,
  isDocumentVisibility,
  type DocumentStatus,
  type DocumentVisibility,
} from '@obra/domain';
import type { AppServices } from '../services.ts';
import type { Actor } from '../auth/actor.ts';
import { driveDocuments, users } from '../db/schema/index.ts';
import { toAccount } from '../modules/identity/account.ts';
import { confirmDriveUpload, createDriveFile } from '../modules/drive/drive-upload-service.ts';
import { changeFile } from '../modules/drive/drive-file-service.ts';
import { uploadKeyOf } from '../storage/file-store.ts';
import type { DemoRole, DemoUser } from './demo-seed-step.ts';
import { demoSheetPdf } from './demo-sheet-pdf.ts';
import sheets from './demo-drive-sheets.json' with { type: 'json' };

/** A site photo or detail as PNG: a tinted card with its caption. */
async function demoPng(caption: string, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" fill="hsl(${hue},35%,82%)"/>
    <path d="M40 340 L200 160 L320 260 L420 120 L600 340 Z" fill="hsl(${hue},30%,55%)"/>
    <text x="40" y="60" font-family="sans-serif" font-size="28" fill="#222">${caption}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface DemoSheet {
  by: DemoRole;
  discipline: string;
  local: string;
  type: string;
  sequence: string;
  title: string;
  revisions: { rev: string; status: DocumentStatus }[];
  visibility: DocumentVisibility;
  png?: boolean;
}

/** Who uploads the demo's sheets: the manager's company and the partner's. */
const UPLOADERS = ['manager', 'partnerCollaborator'] as const satisfies readonly DemoRole[];

/**
 * A sheet of demo-drive-sheets.json (the sheets are data), checked as it is read: a role, status or visibility
 * the code does not know stops the seed with the sheet's title instead of reaching the services.
 */
export function demoSheet(raw: (typeof sheets)[number]): DemoSheet {
  const wrong = (field: string): never => {
    throw new Error(`demo-drive-sheets.json: "${raw.title}" has an unknown ${field}`);
  };
  const revisions = raw.revisions.map(({ rev, status }) => ({
    rev,
    status: isDocumentStatus(status) ? status : wrong('status'),
  }));
  return {
    ...raw,
    by: UPLOADERS.find((role) => role === raw.by) ?? wrong('uploader'),
    revisions,
    visibility: isDocumentVisibility(raw.visibility) ? raw.visibility : wrong('visibility'),
  };
}

/**
 * The demo project's drive (issue 14): a small drawing set per discipline — PDF sheets and PNG details, with
 * revisions and statuses — uploaded through the real services by the demo's people (their companies and
 * disciplines decide what each may do and see). First run only: a project that has documents is left alone.
 */
export async function seedDemoDrive(services: AppServices, demoUsers: readonly DemoUser[]): Promise<number> {
  const { db } = services.database;
  const projectId = demoUsers.find((u) => u.role === 'manager')?.projectIds[0];
  if (projectId === undefined) return 0;
  const [existing] = await db
    .select({ id: driveDocuments.id })
    .from(driveDocuments)
    .where(eq(driveDocuments.projectId, projectId))
    .limit(1);
  if (existing) return 0;
  const emails = demoUsers.map((u) => u.email);
  const rows = await db.select().from(users).where(inArray(users.email, emails));
  const actorOf = (role: DemoRole): Actor | undefined => {
    const email = demoUsers.find((u) => u.role === role)?.email;
    const row = rows.find((r) => r.email === email);
    return row ? { account: toAccount(row), via: 'session', sessionId: undefined } : undefined;
  };
  const manager = actorOf('manager');
  if (!manager) return 0;
  let count = 0;
  for (const [i, sheet] of sheets.map(demoSheet).entries()) {
    const uploader = actorOf(sheet.by) ?? manager;
    for (const revision of sheet.revisions) {
      const name = `OBR-${sheet.discipline}-ED-${sheet.local}-${sheet.type}-${sheet.sequence}-${revision.rev}`;
      const bytes = sheet.png
        ? await demoPng(sheet.title, i * 45)
        : await demoSheetPdf({
            discipline: sheet.discipline,
            local: sheet.local,
            type: sheet.type,
            title: sheet.title,
            code: name,
            revision: revision.rev,
            company: sheet.by === 'partnerCollaborator' ? 'Instala Engenharia' : 'Obra Demo',
          });
      try {
        const created = await createDriveFile(services, uploader, {
          projectId,
          fileName: `${name}.${sheet.png ? 'png' : 'pdf'}`,
          fileSize: bytes.length,
          visibility: sheet.visibility,
          origin: services.config.publicUrl,
        });
        // Where the upload address would put the bytes (confirming promotes them).
        await services.files.store.write(
          uploadKeyOf(created.file.storageKey),
          bytes,
          sheet.png ? 'image/png' : 'application/pdf',
        );
        await confirmDriveUpload(services, uploader, { projectId, fileId: created.file.id });
        if (revision.status !== 'ANALYSING')
          await changeFile(services, manager, {
            projectId,
            fileId: created.file.id,
            change: { kind: 'status', value: revision.status },
          });
        count += 1;
      } catch (error) {
        // A rule the demo did not foresee skips the sheet, never the demo.
        services.logger.debug({ err: error, name }, 'demo drive sheet skipped');
      }
    }
  }
  return count;
}
