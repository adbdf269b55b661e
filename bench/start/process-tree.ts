/** A process and its descendants as /proc shows them (Linux): CPU time and resident memory, read from outside. */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** The fields of /proc/<pid>/stat after the command name (field 3 onwards), or undefined if it is gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** The pid and every descendant of it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (!fields) continue;
    const ppid = Number(fields[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(entry));
    children.set(ppid, list);
  }
  const all: number[] = [];
  const walk = (pid: number) => {
    all.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return all;
}

/** CPU seconds (user + system) spent so far by a process tree. */
export function cpuSeconds(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    const fields = statFields(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** Resident memory in bytes of one process (VmRSS). */
export function rssBytes(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Resident memory of a process tree (each process's own RSS, added: shared pages count once per process). */
export function treeRssBytes(root: number): number {
  return processTree(root).reduce((sum, pid) => sum + rssBytes(pid), 0);
}
