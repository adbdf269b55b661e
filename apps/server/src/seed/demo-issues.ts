import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AppServices } from '../services.ts';
import type { Db } from '../db/database.ts';
import {
  issueFiles,
  issueNotifications,
  projectDisciplines,
  projectGroups,
  projectLabels,
  projectLocals,
  users,
} from '../db/schema/index.ts';
import { inspectImage } from '../storage/image-content.ts';
import { toAccount } from '../modules/identity/account.ts';
import type { Actor } from '../auth/actor.ts';
import { createIssue } from '../modules/issues/issue-create-service.ts';
import { updateIssue } from '../modules/issues/issue-update-service.ts';
import { createComment } from '../modules/issues/comments/issue-comment-service.ts';
import { setIssueStarring } from '../modules/issues/issue-delete-service.ts';
import { markIssuesRead } from '../modules/issues/notifications/issue-notification-service.ts';
import type { DemoRole, DemoUser } from './demo-seed.ts';
import { RETROSPECTIVE_YEAR } from '@obra/domain';
import {
  DEMO_DRAWINGS,
  markupDocument,
  renderDrawing,
  renderMarkedUp,
  roomCentres,
  type DemoShape,
} from './demo-drawings.ts';
import {
  DEMO_COMMENTS,
  DEMO_ISSUE_TEMPLATES,
  elementMarks,
  type DemoIssueTemplate,
} from './demo-issue-catalogue.ts';

/** How many issues the demo project gets. */
export const DEMO_ISSUE_COUNT = 150;

const DAY = 24 * 60 * 60 * 1000;

/** A small deterministic generator, so every installation's demo reads the same. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

/** The end state an issue of the demo is brought to. */
type Fate = 'fresh' | 'working' | 'partlyDone' | 'resolved' | 'reproved';

interface Person {
  role: DemoRole;
  actor: Actor;
  fullName: string;
}

interface World {
  projectId: number;
  people: Map<DemoRole, Person>;
  disciplineIds: Map<string, number>;
  localIds: Map<string, number>;
  labelIds: number[];
  groupIds: Map<string, number>;
  drawings: Map<string, { png: Buffer; width: number; height: number; title: string; thumb: StoredThumb }>;
  photo: { bytes: Buffer; width: number; height: number; thumb: StoredThumb };
}

interface StoredThumb {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Stores an image file of the demo as an upload of `owner`, already checked (the seed made the bytes itself),
 * and returns its id for an image's `original` or `markedUp`.
 */
async function storeDemoFile(
  services: AppServices,
  world: World,
  owner: Person,
  file: {
    bytes: Buffer;
    contentType: string;
    width: number;
    height: number;
    thumb: StoredThumb;
    name: string;
  },
): Promise<string> {
  const guid = randomUUID();
  const storageKey = `issues/${world.projectId}/${guid}`;
  const thumbKey = `${storageKey}.thumb.webp`;
  await services.files.store.write(storageKey, file.bytes, file.contentType);
  await services.files.store.write(thumbKey, file.thumb.data, file.thumb.contentType);
  const now = new Date();
  await services.database.db.insert(issueFiles).values({
    guid,
    projectId: world.projectId,
    createdByUserId: owner.actor.account.id,
    fileName: file.name,
    storageKey,
    status: 'confirmed',
    contentType: file.contentType,
    size: file.bytes.length,
    width: file.width,
    height: file.height,
    thumbKey,
    thumbWidth: file.thumb.width,
    thumbHeight: file.thumb.height,
    confirmedAt: now,
    expiresAt: new Date(now.getTime() + DAY),
  });
  return guid;
}

async function loadWorld(services: AppServices, demoUsers: readonly DemoUser[]): Promise<World | undefined> {
  const { db } = services.database;
  const projectId = demoUsers.find((u) => u.role === 'manager')?.projectIds[0];
  if (projectId === undefined) return undefined;
  const emails = demoUsers.map((u) => u.email);
  const rows = await db.select().from(users).where(inArray(users.email, emails));
  const people = new Map<DemoRole, Person>();
  for (const u of demoUsers) {
    const row = rows.find((r) => r.email === u.email);
    if (!row || !u.projectIds.includes(projectId)) continue;
    people.set(u.role, {
      role: u.role,
      actor: { account: toAccount(row), via: 'session', sessionId: undefined },
      fullName: [row.name, row.lastName].filter(Boolean).join(' '),
    });
  }
  const disciplines = await db
    .select()
    .from(projectDisciplines)
    .where(and(eq(projectDisciplines.projectId, projectId), isNull(projectDisciplines.removedAt)));
  const locals = await db.select().from(projectLocals).where(eq(projectLocals.projectId, projectId));
  const labels = await db.select().from(projectLabels).where(eq(projectLabels.projectId, projectId));
  const groups = await db.select().from(projectGroups).where(eq(projectGroups.projectId, projectId));
  const drawings = new Map<string, World['drawings'] extends Map<string, infer V> ? V : never>();
  for (const d of DEMO_DRAWINGS) {
    const png = await renderDrawing(d);
    const facts = await inspectImage(png);
    drawings.set(d.key, { png, width: d.width, height: d.height, title: d.title, thumb: facts.thumbnail });
  }
  const photoBytes = fs.readFileSync(new URL('./assets/site-photo-attic.jpg', import.meta.url));
  const photoFacts = await inspectImage(photoBytes);
  return {
    projectId,
    people,
    disciplineIds: new Map(disciplines.map((d) => [d.abbreviation, d.id])),
    localIds: new Map(locals.map((l) => [l.abbreviation, l.id])),
    labelIds: labels.map((l) => l.id),
    groupIds: new Map(groups.map((g) => [g.name, g.id])),
    drawings,
    photo: {
      bytes: photoBytes,
      width: photoFacts.width,
      height: photoFacts.height,
      thumb: photoFacts.thumbnail,
    },
  };
}

/** The thumbnail of a marked-up rendering, as the upload check would make it. */
async function thumbnailOf(png: Buffer): Promise<StoredThumb> {
  return (await inspectImage(png)).thumbnail;
}

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

interface Planned {
  issueId: number;
  ageDays: number;
  visibility: string;
  creator: Person;
}

/** Runs one step of the story; a refusal (a rule the demo did not foresee) skips the step, never the demo. */
async function step<T>(services: AppServices, what: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    services.logger.debug({ err: error, step: what }, 'demo step skipped');
    return undefined;
  }
}

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

/**
 * Spreads each issue's story over its age: the issue was raised `ageDays` ago and its history entries,
 * comments and notifications follow in order up to a little before today.
 */
async function spreadDates(db: Db, planned: readonly Planned[], today: Date): Promise<void> {
  if (planned.length === 0) return;
  const now = today.toISOString();
  const plan = sql.join(
    planned.map((p) => sql`(${p.issueId}::int, ${p.ageDays}::float8)`),
    sql`, `,
  );
  await db.execute(sql`
    with plan(issue_id, age) as (values ${plan}),
    ranked as (
      select h.id, h.issue_id, row_number() over (partition by h.issue_id order by h.id) as rank,
             count(*) over (partition by h.issue_id) as n
      from issue_history h join plan using (issue_id)
    )
    update issue_history h
       set created_at = ${now}::timestamptz - make_interval(secs => p.age * 86400 * (1 - 0.92 * (r.rank - 1)::float8 / r.n))
      from ranked r join plan p using (issue_id)
     where h.id = r.id`);
  await db.execute(sql`
    with plan(issue_id, age) as (values ${plan}),
    span as (
      select issue_id, min(created_at) as first_at, max(created_at) as last_at
      from issue_history join plan using (issue_id) group by issue_id
    )
    update issues i
       set created_at = s.first_at,
           visibility_updated_at = s.first_at,
           to_public_at = case when i.to_public_at is null then null else s.first_at end,
           to_project_management_at = case when i.to_project_management_at is null then null else s.first_at end,
           status_updated_at = case when i.status = 'active' then s.first_at else s.last_at end,
           edited_at = case when i.edited_at is null then null else s.last_at end
      from span s
     where i.id = s.issue_id`);
  await db.execute(sql`
    with plan(issue_id, age) as (values ${plan}),
    span as (
      select issue_id, max(created_at) as last_at from issue_history join plan using (issue_id) group by issue_id
    )
    update issue_disciplines d set done_at = s.last_at from span s where d.issue_id = s.issue_id and d.done_at is not null`);
  await db.execute(sql`
    with plan(issue_id, age) as (values ${plan}),
    first_entry as (
      select distinct on (comment_id) comment_id, created_at from issue_history
      where comment_id is not null and issue_id in (select issue_id from plan)
      order by comment_id, id
    )
    update issue_comments c set created_at = f.created_at from first_entry f where c.id = f.comment_id`);
  await db.execute(sql`
    with plan(issue_id, age) as (values ${plan})
    update issue_notifications n
       set created_at = coalesce(
             (select h.created_at from issue_history h where h.id = n.history_id),
             (select c.created_at from issue_comments c where c.id = n.comment_id),
             n.created_at)
     where n.issue_id in (select issue_id from plan)`);
  await db.execute(sql`
    with plan(issue_id, age) as (values ${plan})
    update issue_images m set created_at = i.created_at from issues i
     where m.issue_id = i.id and i.id in (select issue_id from plan)`);
  // The images' files are as old as their images.
  await db.execute(sql`
    with plan(issue_id, age) as (values ${plan})
    update issue_files f set created_at = m.created_at, confirmed_at = m.created_at
      from issue_images m where (f.id = m.original_file_id or f.id = m.marked_up_file_id)
       and m.issue_id in (select issue_id from plan)`);
}

/** The year of the demo's earlier chapter: the retrospective's year (editor §9). */
const DEMO_PAST_YEAR = RETROSPECTIVE_YEAR;

/**
 * The demo project's earlier year (issue 33): a few issues raised, discussed and resolved in the retrospective's
 * year, so that every demo sign-in — the read-only demo account included, which raises half of them and comments on
 * the others — has a full retrospective. Told through the services like the rest (a plain floor plan each, no
 * markup, to stay quick), then dated inside that year.
 */
async function seedDemoRetrospectiveYear(services: AppServices, world: World): Promise<void> {
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
