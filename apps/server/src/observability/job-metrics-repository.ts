import type { SqlExecutor } from '../db/database.ts';

/** One queue's jobs as /metrics shows them. */
export interface QueueDepth {
  queue: string;
  /** Jobs that may start now and have not (created or retrying, their start time passed). */
  waiting: number;
  /** Seconds since the oldest of those was created; 0 when none waits. */
  oldestWaitingSeconds: number;
  /** Jobs a worker is running. */
  active: number;
}

/** The job queue's depth per queue (pg-boss's table; its index on name and state serves it). */
export async function queueDepths(executor: SqlExecutor): Promise<QueueDepth[]> {
  const { rows } = await executor.executeSql(
    `select name,
            count(*) filter (where state < 'active' and start_after < now())::int as waiting,
            coalesce(extract(epoch from now() - min(created_on)
              filter (where state < 'active' and start_after < now())), 0)::float8 as oldest,
            count(*) filter (where state = 'active')::int as active
       from pgboss.job
      where state <= 'active'
      group by name`,
    [],
  );
  return (rows as { name: string; waiting: number; oldest: number; active: number }[]).map((r) => ({
    queue: r.name,
    waiting: Number(r.waiting),
    oldestWaitingSeconds: Number(r.oldest),
    active: Number(r.active),
  }));
}
