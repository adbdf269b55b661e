import type { AppServices } from '../services.ts';
import { createIssue } from '../modules/issues/issue-create-service.ts';
import { updateIssue } from '../modules/issues/issue-update-service.ts';
import { createComment } from '../modules/issues/comments/issue-comment-service.ts';
import type { DemoRole } from './demo-seed-step.ts';
import { RETROSPECTIVE_YEAR } from '@obra/domain';
import { roomCentres } from './demo-drawings.ts';
import {
  DEMO_COMMENTS,
  DEMO_ISSUE_TEMPLATES,
  elementMarks,
  type DemoIssueTemplate,
} from './demo-issue-catalogue.ts';
import {
  random,
  spreadDates,
  step,
  storeDemoFile,
  type Person,
  type Planned,
  type World,
} from './demo-issue-kit.ts';

/** The year of the demo's earlier chapter: the retrospective's year (editor §9). */
const DEMO_PAST_YEAR = RETROSPECTIVE_YEAR;

/**
 * The demo project's earlier year (issue 33): a few issues raised, discussed and resolved in the retrospective's
 * year, so that every demo sign-in — the read-only demo account included, which raises half of them and comments on
 * the others — has a full retrospective. Told through the services like the rest (a plain floor plan each, no
 * markup, to stay quick), then dated inside that year.
 */
export async function seedDemoRetrospectiveYear(services: AppServices, world: World): Promise<void> {
  const rnd = random(DEMO_PAST_YEAR);
  const get = (role: DemoRole) => world.people.get(role);
  const demo = get('demo');
  const manager = get('manager');
  if (!demo || !manager) return;
  const creators = [demo, manager, get('projectCoordinator'), demo, get('collaborator'), demo].filter(
    (p): p is Person => p !== undefined,
  );
  const planned: Planned[] = [];
  for (let i = 0; i < 16; i++) {
    const template = DEMO_ISSUE_TEMPLATES[(i * 7) % DEMO_ISSUE_TEMPLATES.length] as DemoIssueTemplate;
    const creator = creators[i % creators.length] as Person;
    const disciplineIds = template.disciplines
      .map((a) => world.disciplineIds.get(a))
      .filter((id): id is number => id !== undefined);
    if (disciplineIds.length === 0) continue;
    const level = template.levels.find((l) => world.localIds.has(l) && world.drawings.has(l));
    const drawing = level ? world.drawings.get(level) : undefined;
    if (!level || !drawing) continue;
    const levelName =
      { TER: 'térreo', TIPO: 'pavimento tipo', COB: 'cobertura', SS: 'subsolo' }[level] ?? level;
    const pinAt = rnd.pick(roomCentres(level));
    const original = await storeDemoFile(services, world, creator, {
      bytes: drawing.png,
      contentType: 'image/png',
      width: drawing.width,
      height: drawing.height,
      thumb: drawing.thumb,
      name: `planta-${level.toLowerCase()}.png`,
    });
    const image = { index: 0, title: drawing.title, width: drawing.width, height: drawing.height };
    const created = await step(services, 'create', () =>
      createIssue(services, creator.actor, {
        projectId: world.projectId,
        title: template.title
          .replace('{el}', rnd.pick(elementMarks(template.title)))
          .replace('{lv}', levelName),
        description: template.description,
        status: 'active',
        priority: rnd.pick(['high', 'medium', 'low']),
        visibility: 'public',
        category: template.category,
        creationPhase: rnd.pick([4, 5]),
        locals: [world.localIds.get(level)].filter((id): id is number => id !== undefined),
        disciplines: disciplineIds.map((id) => ({ disciplineId: id, status: 'active' })),
        pin: { x: pinAt.x, y: pinAt.y, color: 'red', image },
        images: [{ index: 0, title: drawing.title, original }],
      }),
    );
    if (!created) continue;
    planned.push({
      issueId: created.id,
      ageDays: rnd.int(15, 330) + rnd.next(),
      visibility: 'public',
      creator,
    });
    const talker = creator === demo ? manager : demo;
    await step(services, 'comment', () =>
      createComment(services, talker.actor, {
        projectId: world.projectId,
        issueId: created.id,
        message: rnd.pick(DEMO_COMMENTS).replace('@', ''),
        visibility: 'public',
        mentionedUsers: [],
      }),
    );
    if (i % 2 === 0)
      await step(services, 'resolve', () =>
        updateIssue(services, manager.actor, {
          projectId: world.projectId,
          issueId: created.id,
          status: 'resolved',
          resolutionPhase: rnd.pick([6, 7]),
          disciplines: disciplineIds.map((id) => ({ disciplineId: id, status: 'done', deadline: null })),
        }),
      );
  }
  // Spread inside the year: each story ends before 20 December.
  await spreadDates(services.database.db, planned, new Date(Date.UTC(DEMO_PAST_YEAR, 11, 20)));
}
