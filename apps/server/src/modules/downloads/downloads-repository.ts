import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/** One preparation a person asked for, as listed by the Downloads page (its state is read by its own area). */
export interface PreparationRef {
  /** Which table holds it: a drive or project-files zip, a BCF job, or a background issue export. */
  source: 'bulkZip' | 'bcfExport' | 'issueExport';
  id: string;
  projectId: number;
  projectName: string;
  /** The zip's area (drive or files), an issue export's format; null for a BCF export. */
  area: string | null;
  fileName: string | null;
  createdAt: Date;
}

/**
 * The files a person asked Obra to prepare, newest first: their bulk zips (drive_bulk_downloads, not expired),
 * their BCF exports (bcf_jobs of kind export) and their issue exports (issue_export_jobs, not expired), in one
 * statement. Only the person's own rows.
 */
export async function listUserPreparations(db: Db, userId: number, limit: number): Promise<PreparationRef[]> {
  const result = (await db.execute(sql`
    select * from (
      select 'bulkZip' as source, d.id::text as id, d.project_id, p.name as project_name, d.area,
             null::text as file_name, d.created_at
        from drive_bulk_downloads d join projects p on p.id = d.project_id
       where d.user_id = ${userId} and d.expires_at > now()
      union all
      select 'bcfExport', j.id::text, j.project_id, p.name, null, j.file_name, j.created_at
        from bcf_jobs j join projects p on p.id = j.project_id
       where j.user_id = ${userId} and j.kind = 'export'
      union all
      select 'issueExport', e.id::text, e.project_id, p.name, e.format, e.file_name, e.created_at
        from issue_export_jobs e join projects p on p.id = e.project_id
       where e.user_id = ${userId} and e.expires_at > now()
    ) prepared
    order by created_at desc, id
    limit ${limit}`)) as unknown as {
    rows: {
      source: PreparationRef['source'];
      id: string;
      project_id: number;
      project_name: string;
      area: string | null;
      file_name: string | null;
      created_at: Date | string;
    }[];
  };
  return result.rows.map((r) => ({
    source: r.source,
    id: r.id,
    projectId: Number(r.project_id),
    projectName: r.project_name,
    area: r.area,
    fileName: r.file_name,
    createdAt: new Date(r.created_at),
  }));
}
