import { and, eq } from 'drizzle-orm';
import type { AppServices } from '../services.ts';
import { issueNotifications } from '../db/schema/index.ts';
import { createIssue } from '../modules/issues/issue-create-service.ts';
import { updateIssue } from '../modules/issues/issue-update-service.ts';
import { createComment } from '../modules/issues/comments/issue-comment-service.ts';
import { setIssueStarring } from '../modules/issues/issue-delete-service.ts';
import { markIssuesRead } from '../modules/issues/notifications/issue-notification-service.ts';
import type { DemoRole, DemoUser } from './demo-seed-step.ts';
import { markupDocument, renderMarkedUp, roomCentres, type DemoShape } from './demo-drawings.ts';
import {
  DEMO_COMMENTS,
  DEMO_ISSUE_TEMPLATES,
  elementMarks,
  type DemoIssueTemplate,
} from './demo-issue-catalogue.ts';
import {
  DAY,
  isoDay,
  loadWorld,
  random,
  spreadDates,
  step,
  storeDemoFile,
  thumbnailOf,
  type Person,
  type Planned,
  type Random,
  type World,
} from './demo-issue-kit.ts';
import { seedDemoRetrospectiveYear } from './demo-retrospective.ts';

/** How many issues the demo project gets. */
export const DEMO_ISSUE_COUNT = 150;

/** The end state an issue of the demo is brought to. */
type Fate = 'fresh' | 'working' | 'partlyDone' | 'resolved' | 'reproved';

/** A markup a coordinator would draw around the pin: a cloud-like box, an arrow and a note. */
function markupAround(rnd: Random, pin: { x: number; y: number }, note: string): DemoShape[] {
  const w = rnd.int(140, 220);
  const h = rnd.int(90, 150);
  const shapes: DemoShape[] = [
    { kind: 'rect', x: pin.x - w / 2, y: pin.y - h / 2 - 20, width: w, height: h },
    { kind: 'arrow', points: [pin.x + w / 2 + 160, pin.y - h - 60, pin.x + w / 2 + 8, pin.y - h / 2] },
    { kind: 'text', x: pin.x + w / 2 + 90, y: pin.y - h - 110, text: note },
  ];
  if (rnd.chance(0.4)) shapes.push({ kind: 'circle', x: pin.x - w / 2 - 60, y: pin.y + 40, radius: 36 });
  return shapes;
}

const NOTES = ['Ver detalhe', 'Conflito aqui', 'Rever cota', 'Check clash', 'Falta furo', 'Verificar'];

/** Who raises an issue of these disciplines, and with which visibility. */
function creatorAndVisibility(
  rnd: Random,
  world: World,
  template: DemoIssueTemplate,
): { creator: Person; visibility: string; groupId: number | null } {
  const get = (role: DemoRole) => world.people.get(role);
  const partnerLead = template.disciplines[0] === 'ELE' || template.disciplines[0] === 'HID';
  const candidates = [
    get('manager'),
    get('projectCoordinator'),
    get('projectCoordinator'),
    get('collaborator'),
    get('companyAdmin'),
    partnerLead
      ? get(template.disciplines[0] === 'ELE' ? 'partnerAdmin' : 'partnerCollaborator')
      : get('manager'),
  ].filter((p): p is Person => p !== undefined);
  const creator = rnd.pick(candidates);
  const managing =
    creator.role === 'manager' || creator.role === 'projectCoordinator' || creator.role === 'companyAdmin';
  const roll = rnd.next();
  if (roll < 0.06) return { creator, visibility: 'creator', groupId: null };
  if (roll < 0.14) {
    const group = managing ? world.groupIds.get('Coordenação') : world.groupIds.get('Instalações');
    if (group !== undefined && (managing || creator.role.startsWith('partner')))
      return { creator, visibility: 'group', groupId: group };
  }
  if (roll < 0.28 && managing) return { creator, visibility: 'project_management', groupId: null };
  if (roll < 0.42) return { creator, visibility: 'semi_public', groupId: null };
  return { creator, visibility: 'public', groupId: null };
}

function fateOf(rnd: Random, visibility: string): Fate {
  if (visibility === 'creator') return 'fresh';
  const roll = rnd.next();
  if (roll < 0.22) return 'fresh';
  if (roll < 0.5) return 'working';
  if (roll < 0.6) return 'partlyDone';
  if (roll < 0.9) return 'resolved';
  return 'reproved';
}

const WORKING_STATUSES = ['todo', 'doing', 'participate', 'review', 'validate', 'follow', 'aware'];

/**
 * Fills the demo project with a lived-in set of issues (spec: a newcomer's first start shows the product
 * working): about 150 issues over the demo's disciplines and locations, in every status and per-discipline
 * status, every visibility, with deadlines (some late), comments with mentions, history, images with markup and
 * pins, and stars and unread marks for the demo users. Everything goes through the same services as the API, as
 * the people of the demo, so each rule, history line and notification is the real one; the dates are then spread
 * over the last four months.
 */
export async function seedDemoIssues(services: AppServices, demoUsers: readonly DemoUser[]): Promise<number> {
  const world = await loadWorld(services, demoUsers);
  if (!world) return 0;
  const rnd = random(2026);
  const manager = world.people.get('manager');
  const coordinator = world.people.get('projectCoordinator') ?? manager;
  if (!manager || !coordinator) return 0;
  // The project's earlier year first, so that its issues have the lower numbers.
  await seedDemoRetrospectiveYear(services, world);
  const planned: Planned[] = [];
  const today = new Date();
  const levels = [...world.drawings.keys()];

  for (let i = 0; i < DEMO_ISSUE_COUNT; i++) {
    const template = DEMO_ISSUE_TEMPLATES[i % DEMO_ISSUE_TEMPLATES.length] as DemoIssueTemplate;
    const level = rnd.pick(template.levels.filter((l) => levels.includes(l)));
    const levelName =
      { TER: 'térreo', TIPO: 'pavimento tipo', COB: 'cobertura', SS: 'subsolo' }[level] ?? level;
    const title = template.title
      .replace('{el}', rnd.pick(elementMarks(template.title)))
      .replace('{lv}', levelName);
    const { creator, visibility, groupId } = creatorAndVisibility(rnd, world, template);
    const fate = fateOf(rnd, visibility);
    const ageDays = fate === 'fresh' ? rnd.int(0, 20) + rnd.next() : rnd.int(8, 120) + rnd.next();
    const disciplineIds = template.disciplines
      .map((a) => world.disciplineIds.get(a))
      .filter((id): id is number => id !== undefined);
    if (disciplineIds.length === 0) continue;
    const deadlineOf = () => {
      const offset = rnd.int(-25, 40);
      return isoDay(new Date(today.getTime() + offset * DAY));
    };
    const photo = template.title.startsWith('Infiltração');
    const drawing = world.drawings.get(level);
    if (!drawing) continue;
    const pinAt = rnd.pick(roomCentres(level));
    const pin = { x: pinAt.x + rnd.int(-60, 60), y: pinAt.y + rnd.int(-40, 40) };
    const withMarkup = !photo && rnd.chance(0.2);
    const original = await storeDemoFile(services, world, creator, {
      bytes: photo ? world.photo.bytes : drawing.png,
      contentType: photo ? 'image/jpeg' : 'image/png',
      width: photo ? world.photo.width : drawing.width,
      height: photo ? world.photo.height : drawing.height,
      thumb: photo ? world.photo.thumb : drawing.thumb,
      name: photo ? 'foto-obra.jpg' : `planta-${level.toLowerCase()}.png`,
    });
    const imageTitle = photo ? 'Foto da obra — forro danificado' : drawing.title;
    const shapes = withMarkup ? markupAround(rnd, pin, rnd.pick(NOTES)) : [];
    let markedUp: string | undefined;
    if (withMarkup) {
      const bytes = await renderMarkedUp(drawing.png, drawing, shapes, pin);
      markedUp = await storeDemoFile(services, world, creator, {
        bytes,
        contentType: 'image/png',
        width: drawing.width,
        height: drawing.height,
        thumb: await thumbnailOf(bytes),
        name: `planta-${level.toLowerCase()}-markup.png`,
      });
    }
    const imageSize = photo ? world.photo : drawing;
    const issuePin = photo
      ? {
          x: 640,
          y: 420,
          color: 'red',
          image: { index: 0, title: imageTitle, width: imageSize.width, height: imageSize.height },
        }
      : {
          x: pin.x,
          y: pin.y,
          color: 'red',
          image: { index: 0, title: imageTitle, width: imageSize.width, height: imageSize.height },
        };
    const labels = [
      ...(rnd.chance(0.35) && world.labelIds[0] !== undefined ? [world.labelIds[0]] : []),
      ...(rnd.chance(0.12) && world.labelIds[1] !== undefined ? [world.labelIds[1]] : []),
    ];
    const priority = rnd.pick(['high', 'medium', 'medium', 'low', 'low', 'medium', 'high']);
    const created = await step(services, 'create', () =>
      createIssue(services, creator.actor, {
        projectId: world.projectId,
        title,
        description: template.description,
        status: 'active',
        priority,
        visibility,
        groupId,
        category: template.category,
        creationPhase: rnd.pick([5, 6, 7]),
        deadline: rnd.chance(0.7) ? deadlineOf() : null,
        locals: [world.localIds.get(level)].filter((id): id is number => id !== undefined),
        labels,
        disciplines: disciplineIds.map((id) => ({
          disciplineId: id,
          status: rnd.chance(0.3) ? 'todo' : 'active',
          deadline: rnd.chance(0.5) ? deadlineOf() : null,
        })),
        pin: issuePin,
        images: [
          {
            index: 0,
            title: imageTitle,
            original,
            ...(markedUp ? { markedUp, markUp: markupDocument(shapes, pin) } : {}),
          },
        ],
        mentionedUsers: rnd.chance(0.15) ? [manager.actor.account.id] : [],
      }),
    );
    if (!created) continue;
    planned.push({ issueId: created.id, ageDays, visibility, creator });
    if (visibility === 'creator') continue;

    // Visible to the management: the manager (or the coordinator) moves it along.
    const current = disciplineIds.map((id) => ({
      disciplineId: id,
      status: 'active',
      deadline: null as string | null,
    }));
    const update = (actor: Person, fields: Record<string, unknown>) =>
      step(services, 'update', () =>
        updateIssue(services, actor.actor, { projectId: world.projectId, issueId: created.id, ...fields }),
      );
    const partnerGroup = visibility === 'group' && creator.role.startsWith('partner');
    const audience = partnerGroup
      ? [...world.people.values()].filter((p) => p.role.startsWith('partner'))
      : [creator, manager, coordinator];
    const mover = partnerGroup ? creator : rnd.chance(0.5) ? manager : coordinator;
    if (fate === 'working' || (fate === 'resolved' && rnd.chance(0.5))) {
      await update(mover, {
        disciplines: current.map((d) => ({
          ...d,
          status: rnd.pick(WORKING_STATUSES),
          deadline: deadlineOf(),
        })),
      });
    }
    if (fate === 'partlyDone') {
      await update(mover, {
        disciplines: current.map((d, k) => ({
          ...d,
          status: k === 0 ? 'doing' : rnd.pick(['done', 'validated']),
          deadline: k === 0 ? deadlineOf() : null,
        })),
      });
    }
    if (fate === 'resolved') {
      await update(mover, {
        status: 'resolved',
        resolutionPhase: rnd.pick([6, 7, 8]),
        disciplines: current.map((d) => ({
          ...d,
          status: rnd.pick(['done', 'validated', 'resolved']),
          deadline: null,
        })),
      });
    }
    if (fate === 'reproved')
      await update(mover, {
        status: 'reproved',
        disciplines: current.map((d) => ({
          ...d,
          status: rnd.pick(['follow', 'aware', 'done']),
          deadline: null,
        })),
      });

    // A conversation: public comments by the people involved, a few only for the management, some mentions.
    const talkers = [
      creator,
      manager,
      coordinator,
      ...[...world.people.values()].filter((p) => p.role.startsWith('partner')),
    ];
    const comments = fate === 'fresh' ? (rnd.chance(0.3) ? 1 : 0) : rnd.int(0, 3);
    for (let c = 0; c < comments; c++) {
      const author = visibility === 'public' ? rnd.pick(talkers) : rnd.pick(audience);
      const mentioned = rnd.pick(audience.filter((p) => p !== author));
      let message = rnd.pick(DEMO_COMMENTS);
      const mentions = message.includes('@') && mentioned ? [mentioned.actor.account.id] : [];
      message = message.replace('@', mentioned ? `@${mentioned.fullName}` : '');
      const management = author !== creator && rnd.chance(0.15);
      await step(services, 'comment', () =>
        createComment(services, author.actor, {
          projectId: world.projectId,
          issueId: created.id,
          message,
          visibility: management ? 'project_management' : 'public',
          mentionedUsers: mentions,
        }),
      );
    }
  }

  await personalMarks(services, world, planned, rnd);
  await spreadDates(services.database.db, planned, today);
  return planned.length;
}

/**
 * Stars and unread marks: the demo users star a few issues; each of them has read everything but the newest
 * activity, so the workspace counters and the list's unread marks show a realistic few.
 */
async function personalMarks(services: AppServices, world: World, planned: readonly Planned[], rnd: Random) {
  const { db } = services.database;
  for (const person of world.people.values()) {
    const visible = planned.filter((p) => p.visibility === 'public');
    for (let s = 0; s < 6; s++) {
      const target = rnd.pick(visible);
      await step(services, 'star', () =>
        setIssueStarring(services, person.actor, {
          projectId: world.projectId,
          issueId: target.issueId,
          starred: true,
        }),
      );
    }
    const userId = person.actor.account.id;
    const marked = await db
      .selectDistinct({ issueId: issueNotifications.issueId })
      .from(issueNotifications)
      .where(and(eq(issueNotifications.userId, userId), eq(issueNotifications.projectId, world.projectId)));
    const recent = new Set(
      [...planned]
        .sort((a, b) => a.ageDays - b.ageDays)
        .slice(0, 12)
        .map((p) => p.issueId),
    );
    const read = marked.map((m) => m.issueId).filter((id) => !recent.has(id));
    if (read.length > 0) await step(services, 'read', () => markIssuesRead(services, person.actor, read));
  }
}
