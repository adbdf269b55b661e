// CPU time spent by processes over the measured window (Linux /proc), so that the load figures can be read per
// request: on a shared machine the throughput moves with the neighbours' load, the CPU cost of a request much less.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU milliseconds of a process so far, or 0 when it is gone or /proc is not there. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The server processes (backends) of PostgreSQL serving one database, when it runs on this machine. */
export async function postgresBackends(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** A CPU meter over several groups of processes. */
export interface CpuMeter {
  /** CPU milliseconds each group spent since the meter started. */
  read(): Record<string, number>;
}

export function startCpuMeter(groups: Record<string, number[]>): CpuMeter {
  const start = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids.map(cpuMsOf)]));
  const startSelf = process.cpuUsage();
  return {
    read() {
      const out: Record<string, number> = {};
      for (const [name, pids] of Object.entries(groups)) {
        out[name] = pids.reduce(
          (sum, pid, i) => sum + Math.max(0, cpuMsOf(pid) - (start[name]?.[i] ?? 0)),
          0,
        );
      }
      const self = process.cpuUsage(startSelf);
      out['load client'] = (self.user + self.system) / 1000;
      return out;
    },
  };
}
