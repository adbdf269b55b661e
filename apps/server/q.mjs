import { PGlite } from '@electric-sql/pglite';
const db = new PGlite('/tmp/obra-e2e-WvPjXy/db');
console.log((await db.query("select id, format, status, error_code, created_at, completed_at from issue_export_jobs")).rows);
console.log((await db.query("select * from download_notices")).rows);
console.log((await db.query("select name, state, created_on, completed_on from pgboss.job where name in ('exports.prepare','downloads.readyMail')")).rows);
