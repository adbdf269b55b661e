-- The dashboards (docs/dashboards.md) group the issues the list shows. Written by hand: indexes only.
-- A project's issues with what the charts group by, so the matrices and time charts read the index, not the wide
-- issue rows (pending issues are found by status).
CREATE INDEX IF NOT EXISTS "issues_dashboard_idx" ON "issues" ("project_id", "status") INCLUDE ("id", "priority", "created_at", "visibility", "created_by_user_id", "group_id");--> statement-breakpoint
-- The status changes of the history (a small part of it), replayed by the status and earned-value charts.
CREATE INDEX IF NOT EXISTS "issue_history_status_changes_idx" ON "issue_history" ("issue_id", "id") INCLUDE ("created_at") WHERE "entity_type" = 'issue' AND "fields" ? 'status';
