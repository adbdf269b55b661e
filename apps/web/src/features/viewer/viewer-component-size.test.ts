import { describe, expect, it } from 'vitest';

// Issue 29: the viewer's components stay small; a screen's state and rules live in its model
// (document-viewer-model.ts, sheet-view-model.ts), not in a long component.

/** The most lines a component (.tsx) of the viewer may have. */
const MAX_COMPONENT_LINES = 300;

const components = import.meta.glob<string>(['./*.tsx', '!./*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the viewer components', () => {
  it(`are each under ${MAX_COMPONENT_LINES} lines`, () => {
    const lines = Object.entries(components).map(([file, text]) => [file, text.split('\n').length] as const);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.filter(([, count]) => count > MAX_COMPONENT_LINES)).toEqual([]);
  });
});
