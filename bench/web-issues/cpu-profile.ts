// With BENCH_PROFILE set, the issue-list benchmark records a CPU profile of each phase through the Chrome
// DevTools Protocol and prints the functions with the most self time, to find what fills a slow frame.
import type { Page } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Runs `action` under the sampling profiler and returns the top self-time functions as text lines. */
export async function profile(page: Page, action: () => Promise<void>, top = 15): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await action();
  const { profile: result } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  const byNode = new Map(result.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = result.samples ?? [];
  const deltas = result.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const node = byNode.get(id);
    if (!node) return;
    const file = node.callFrame.url.split('/').pop() ?? '';
    const key = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`);
}
