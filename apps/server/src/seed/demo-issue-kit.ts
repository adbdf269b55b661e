// The demo issues' toolkit (issue 29 split demo-issues.ts): the deterministic random, the demo's people and
// project (`loadWorld`), image files stored as uploads, the step that never stops the demo, and the spreading of dates.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { AppServices } from '../services.ts';
import type { Db } from '../db/database.ts';
import {
  projectDisciplines,
  projectGroups,
  projectLabels,
  projectLocals,
  users,
} from '../db/schema/index.ts';
import { insertConfirmedIssueFile } from '../modules/issues/images/issue-file-repository.ts';
import { inspectImage } from '../storage/image-content.ts';
import { toAccount } from '../modules/identity/account.ts';
import type { Actor } from '../auth/actor.ts';
import type { DemoRole, DemoUser } from './demo-seed-step.ts';
import { DEMO_DRAWINGS, renderDrawing } from './demo-drawings.ts';

/** A day in milliseconds. */
export const DAY = 24 * 60 * 60 * 1000;

/** A small deterministic generator, so every installation's demo reads the same. */
export function random(seed: number) {
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
export type Random = ReturnType<typeof random>;

export interface Person {
  role: DemoRole;
  actor: Actor;
  fullName: string;
}

export interface World {
  projectId: number;
  people: Map<DemoRole, Person>;
  disciplineIds: Map<string, number>;
  localIds: Map<string, number>;
  labelIds: number[];
  groupIds: Map<string, number>;
  drawings: Map<string, { png: Buffer; width: number; height: number; title: string; thumb: StoredThumb }>;
  photo: { bytes: Buffer; width: number; height: number; thumb: StoredThumb };
}

export interface StoredThumb {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Stores an image file of the demo as an upload of `owner`, already checked (the seed made the bytes itself),
 * and returns its id for an image's `original` or `markedUp`.
 */
export async function storeDemoFile(
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
  await insertConfirmedIssueFile(services.database.db, {
    guid,
    projectId: world.projectId,
    createdByUserId: owner.actor.account.id,
    fileName: file.name,
    storageKey,
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

export async function loadWorld(
  services: AppServices,
  demoUsers: readonly DemoUser[],
): Promise<World | undefined> {
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
export async function thumbnailOf(png: Buffer): Promise<StoredThumb> {
  return (await inspectImage(png)).thumbnail;
}

export interface Planned {
  issueId: number;
  ageDays: number;
  visibility: string;
  creator: Person;
}

/** Runs one step of the story; a refusal (a rule the demo did not foresee) skips the step, never the demo. */
export async function step<T>(
  services: AppServices,
  what: string,
  run: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    services.logger.debug({ err: error, step: what }, 'demo step skipped');
    return undefined;
  }
}

/**
 * Spreads each issue's story over its age: the issue was raised `ageDays` ago and its history entries,
 * comments and notifications follow in order up to a little before today.
 */
export async function spreadDates(db: Db, planned: readonly Planned[], today: Date): Promise<void> {
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
