import { describe, expect, it } from 'vitest';

// The drive and project files screens keep every component file under 300 lines (issue 29, "One shape for every
// module"): state lives in file-browser-model.ts, repeated bars in file-list-bars.tsx, and a screen grows by a new
// file (a row, a drawer, a bar), not by a longer page.

const MAX_LINES = 300;

const sources = {
  ...import.meta.glob<string>('./*.tsx', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../files/*.tsx', { query: '?raw', import: 'default', eager: true }),
};

function lineCount(text: string): number {
  return text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe(`drive and files components under ${MAX_LINES} lines`, () => {
  it('reads the screens’ components', () => {
    expect(Object.keys(sources)).toEqual(
      expect.arrayContaining(['./drive-page.tsx', '../files/files-page.tsx']),
    );
  });

  it('finds none past the limit', () => {
    const long = Object.entries(sources)
      .filter(([file]) => !file.endsWith('.test.tsx'))
      .map(([file, text]) => ({ file, lines: lineCount(text) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
