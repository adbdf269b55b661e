import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { projectGroups, projectLabels, projectLocals, projects, users } from '../../db/schema/index.ts';

/** A node of a project tree (locations, labels) as an export names it. */
export interface TreeRow {
  id: number;
  parentId: number | null;
  name: string;
}

/** The rows an export names things with: the project's name, its trees in their order, its groups. */
export async function exportLookupRows(
  db: Db,
  projectId: number,
): Promise<{
  projectName: string | undefined;
  locals: TreeRow[];
  labels: TreeRow[];
  groups: { id: number; name: string }[];
}> {
  const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  const treeColumns = (t: typeof projectLocals) => ({ id: t.id, parentId: t.parentId, name: t.name });
  const locals = await db
    .select(treeColumns(projectLocals))
    .from(projectLocals)
    .where(eq(projectLocals.projectId, projectId))
    .orderBy(asc(projectLocals.position), asc(projectLocals.id));
  const labels = await db
    .select(treeColumns(projectLabels))
    .from(projectLabels)
    .where(eq(projectLabels.projectId, projectId))
    .orderBy(asc(projectLabels.position), asc(projectLabels.id));
  const groups = await db
    .select({ id: projectGroups.id, name: projectGroups.name })
    .from(projectGroups)
    .where(eq(projectGroups.projectId, projectId));
  return { projectName: project?.name, locals, labels, groups };
}

/** The names and e-mails of these users. */
export function userNameRows(db: Db, ids: readonly number[]) {
  return db
    .select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
}
