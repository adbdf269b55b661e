import { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import { AppError } from '@obra/domain';
import type { AdminScriptContext } from './admin-script-contract.ts';
import {
  countProjectRows,
  projectDataTables,
  projectRow,
  projectRowsPage,
} from './project-data-repository.ts';
import { downloadName } from '../exports/export-service.ts';
import { recordPreparedFile } from '../downloads/export-job-repository.ts';
import { announceDownloadReady } from '../downloads/download-notices.ts';
import { EXPORT_JOB_HOURS } from '../downloads/export-job-service.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';

/** Rows read at a time from one table. */
const PAGE = 1000;

/** The rows of one table as JSON lines, page by page (one page in memory at a time). */
function ndjson(
  read: (offset: number) => Promise<Record<string, unknown>[]>,
  onPage: (rows: number) => void,
): Readable {
  let offset = 0;
  return new Readable({
    async read() {
      try {
        const rows = await read(offset);
        offset += rows.length;
        onPage(rows.length);
        if (rows.length === 0) {
          this.push(null);
          return;
        }
        this.push(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
        if (rows.length < PAGE) this.push(null);
      } catch (error) {
        this.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
}

/**
 * The projects.exportData admin script (issue 33 item 4; docs/admin.md): everything the database holds about one
 * project, for the operator to hand over or archive — the project's row and every table that holds its data (by
 * project_id, or through its issues: comments, history, disciplines, images, viewpoints, BCF…), found in the
 * database's catalogue, as one JSON-lines file per table in a zip with a manifest of the counts. Secret columns
 * (hashes, tokens, sealed credentials) are left out. The files' bytes stay in the drive (its bulk zip downloads
 * them). The dry run counts; the real run writes the zip to the file store and, when an admin ran it from the
 * admin area, lists it in their Downloads for a day.
 */
export async function exportProjectData(
  context: AdminScriptContext<{ projectId: number }>,
): Promise<Record<string, unknown>> {
  const { services, params, dryRun, log, progress } = context;
  const { db } = services.database;
  const project = await projectRow(db, params.projectId);
  if (!project) throw new AppError('PROJECT_NOT_FOUND', 'no such project', { field: 'projectId' });
  const tables = await projectDataTables(db);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const n = await countProjectRows(db, table, params.projectId);
    if (n > 0) counts[table.name] = n;
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  log(
    `project ${params.projectId} (${String(project['name'])}): ${total} rows in ${Object.keys(counts).length} tables` +
      (dryRun ? ' would be exported' : ''),
  );
  for (const [name, n] of Object.entries(counts)) log(`  ${name}: ${n}`);
  if (dryRun) return { rows: total, tables: Object.keys(counts).length };

  const zip = new yazl.ZipFile();
  const manifest = {
    format: 'obra-project-data',
    version: 1,
    exportedAt: new Date().toISOString(),
    projectId: params.projectId,
    projectName: project['name'],
    tables: counts,
    note: 'One JSON object per line in tables/<table>.ndjson; secret columns are left out; file contents stay in the file store.',
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
  zip.addBuffer(Buffer.from(JSON.stringify(project, null, 2)), 'project.json');
  let written = 0;
  for (const table of tables) {
    if (!counts[table.name]) continue;
    zip.addReadStream(
      ndjson(
        (offset) => projectRowsPage(db, table, params.projectId, offset, PAGE),
        (rows) => {
          written += rows;
          progress(written, total);
        },
      ),
      `tables/${table.name}.ndjson`,
    );
  }
  zip.end();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  const id = crypto.randomUUID();
  const key = `project-exports/${params.projectId}/${id}.zip`;
  const size = await services.files.store.writeStream(key, out, 'application/zip');
  const fileName = downloadName(String(project['name']), 'data', 'zip');
  log(`written: ${fileName}, ${size} bytes (file store key ${key})`);
  const userId = context.requestedByUserId;
  if (userId !== null) {
    await unitOfWork(services, (tx) =>
      recordPreparedFile(tx, {
        id,
        projectId: params.projectId,
        userId,
        format: 'projectData',
        fileName,
        storageKey: key,
        size,
        total,
        expiresAt: new Date(Date.now() + EXPORT_JOB_HOURS * 3_600_000),
      }),
    );
    await announceDownloadReady(services, userId, {
      id,
      kind: 'projectData',
      status: 'completed',
      projectId: params.projectId,
      projectName: String(project['name']),
      fileName,
    });
    log('listed in the Downloads of the admin who ran it, for a day');
  }
  return { rows: total, tables: Object.keys(counts).length, size, key };
}
