import { and, eq, isNull } from 'drizzle-orm';
import { PROJECT_PHASES, type NamingContext, type NamingRuleField } from '@obra/domain';
import type { Db } from '../../db/database.ts';
import { projectDisciplines, projectLocals, projectPhases } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/project-access.ts';

/**
 * What a file name is read against: the project's naming rule and separator, its disciplines (not removed), its
 * locations (a location with children is a group) and its switched-on phases (by their abbreviations).
 */
export async function loadNamingContext(db: Db, project: ProjectRow): Promise<NamingContext> {
  const [disciplines, locals, phases] = await Promise.all([
    db
      .select({ id: projectDisciplines.id, abbreviation: projectDisciplines.abbreviation })
      .from(projectDisciplines)
      .where(and(eq(projectDisciplines.projectId, project.id), isNull(projectDisciplines.removedAt))),
    db
      .select({
        id: projectLocals.id,
        abbreviation: projectLocals.abbreviation,
        parentId: projectLocals.parentId,
      })
      .from(projectLocals)
      .where(eq(projectLocals.projectId, project.id)),
    db.select().from(projectPhases).where(eq(projectPhases.projectId, project.id)),
  ]);
  const parents = new Set(locals.map((l) => l.parentId).filter((p): p is number => p !== null));
  const switchedOff = new Set(phases.filter((p) => !p.active).map((p) => p.phaseId));
  return {
    rule: (project.documentsNamingRule as NamingRuleField[] | null) ?? [],
    separator: project.documentsNamingRuleSeparator,
    disciplines,
    locals: locals.map((l) => ({ id: l.id, abbreviation: l.abbreviation, isGroup: parents.has(l.id) })),
    phases: PROJECT_PHASES.filter((p) => !switchedOff.has(p.id)).map((p) => ({
      id: p.id,
      abbreviation: p.abbreviation,
    })),
  };
}
