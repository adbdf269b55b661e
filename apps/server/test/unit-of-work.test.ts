import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import { configureUnitOfWork, emitProjectEvent, savepoint, unitOfWork } from '../src/db/unit-of-work.ts';
import type { UnitOfWorkServices } from '../src/db/unit-of-work-frame.ts';
import { PROJECT_EVENTS_CHANNEL, type ProjectEvent } from '../src/realtime/project-events.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let services: UnitOfWorkServices;
let published: ProjectEvent[];

beforeAll(async () => {
  t = await startTestServer();
  services = t.server.services;
  // A probe table, with a check PostgreSQL runs only at COMMIT: a note 'refused at commit' makes the commit fail
  // after the whole unit of work has run.
  await services.database.executor.executeSql(`
    create table uow_probe (id int primary key, note text not null);
    create function uow_probe_refuse() returns trigger language plpgsql as $$
    begin
      if new.note = 'refused at commit' then raise exception 'refused at commit'; end if;
      return null;
    end $$;
    create constraint trigger uow_probe_at_commit after insert on uow_probe
      deferrable initially deferred for each row execute function uow_probe_refuse();
  `);
  // Records what is published, without publishing (nobody listens here).
  published = [];
  vi.spyOn(services.pubsub, 'publish').mockImplementation((channel: string, ...args: unknown[]) => {
    if (channel === PROJECT_EVENTS_CHANNEL) published.push(args[1] as ProjectEvent);
  });
});
afterAll(async () => {
  await t.close();
});

afterEach(() => {
  published.length = 0;
  configureUnitOfWork({ strict: true, logger: services.logger });
});

const event = (issueId: number): ProjectEvent => ({
  kind: 'issue',
  action: 'updated',
  projectId: 1,
  issueId,
});

async function insert(db: Db, id: number, note = 'kept'): Promise<void> {
  await db.execute(sql`insert into uow_probe (id, note) values (${id}, ${note})`);
}

async function stored(): Promise<number[]> {
  const { rows } = await services.database.executor.executeSql('select id from uow_probe order by id', []);
  return rows.map((r) => (r as { id: number }).id);
}

describe('unitOfWork', () => {
  it('publishes the events of a committed unit once it has committed, not while it runs', async () => {
    const during: number[] = [];
    const answer = await unitOfWork(services, async (tx) => {
      await insert(tx, 1);
      emitProjectEvent(event(1));
      emitProjectEvent(event(2));
      during.push(published.length);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(during).toEqual([0]);
    expect(published).toEqual([event(1), event(2)]);
    expect(await stored()).toContain(1);
  });

  it('publishes nothing when the work fails and rolls its writes back', async () => {
    await expect(
      unitOfWork(services, async (tx) => {
        await insert(tx, 2);
        emitProjectEvent(event(2));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(published).toEqual([]);
    expect(await stored()).not.toContain(2);
  });

  it('publishes nothing when the commit itself fails', async () => {
    await expect(
      unitOfWork(services, async (tx) => {
        await insert(tx, 3, 'refused at commit');
        emitProjectEvent(event(3));
      }),
    ).rejects.toThrow();
    expect(published).toEqual([]);
    expect(await stored()).not.toContain(3);
  });

  it('drops the writes and events of a rejected savepoint only', async () => {
    const rejected: number[] = [];
    await unitOfWork(services, async (tx) => {
      emitProjectEvent(event(10));
      for (const id of [11, 12, 13]) {
        try {
          await savepoint(tx, async (item) => {
            await insert(item, id);
            emitProjectEvent(event(id));
            if (id === 12) throw new Error('item refused');
          });
        } catch {
          rejected.push(id);
        }
      }
    });
    expect(rejected).toEqual([12]);
    expect(published).toEqual([event(10), event(11), event(13)]);
    const ids = await stored();
    expect(ids).toEqual(expect.arrayContaining([11, 13]));
    expect(ids).not.toContain(12);
  });

  it('joins a unit started inside another: one transaction, published with the outermost', async () => {
    await expect(
      unitOfWork(services, async (tx) => {
        await unitOfWork(services, async (inner) => {
          expect(inner).toBe(tx);
          await insert(inner, 20);
          emitProjectEvent(event(20));
        });
        expect(published).toEqual([]);
        throw new Error('outer refused');
      }),
    ).rejects.toThrow('outer refused');
    expect(published).toEqual([]);
    expect(await stored()).not.toContain(20);
  });

  it('throws on an event emitted outside a unit of work in tests, and on a savepoint outside one', async () => {
    expect(() => emitProjectEvent(event(30))).toThrow(/outside a unit of work/);
    await expect(savepoint(services.database.db, async () => undefined)).rejects.toThrow(/unit of work/);
    // Nor inside one on another connection than its transaction's.
    await expect(
      unitOfWork(services, () => savepoint(services.database.db, async () => undefined)),
    ).rejects.toThrow(/transaction/);
    expect(published).toEqual([]);
  });

  it('in production, logs an event emitted outside a unit of work as an error and does not publish it', () => {
    const logged: unknown[] = [];
    configureUnitOfWork({ strict: false, logger: { error: (...args: unknown[]) => logged.push(args) } });
    expect(() => emitProjectEvent(event(31))).not.toThrow();
    expect(logged).toHaveLength(1);
    expect(published).toEqual([]);
  });
});
