import { describe, expect, it } from 'vitest';
import { DOCUMENT_STATUSES, DOCUMENT_VISIBILITIES } from '@obra/domain';
import sheets from '../../src/seed/demo-drive-sheets.json' with { type: 'json' };
import rooms from '../../src/seed/demo-rooms.json' with { type: 'json' };
import templates from '../../src/seed/demo-issue-templates.json' with { type: 'json' };
import { demoSheet } from '../../src/seed/demo-drive.ts';
import { DEMO_DRAWINGS, roomOf } from '../../src/seed/demo-drawings.ts';
import { DEMO_ISSUE_TEMPLATES } from '../../src/seed/demo-issue-catalogue.ts';

// The demo's catalogues are data files; these tests hold what their readers check.
describe("the demo's data files", () => {
  it('read every drive sheet with a known uploader, statuses and visibility', () => {
    const read = sheets.map(demoSheet);
    expect(read).toHaveLength(sheets.length);
    expect(read.length).toBeGreaterThan(5);
    for (const sheet of read) {
      expect(['manager', 'partnerCollaborator']).toContain(sheet.by);
      expect(DOCUMENT_VISIBILITIES).toContain(sheet.visibility);
      for (const revision of sheet.revisions) expect(DOCUMENT_STATUSES).toContain(revision.status);
    }
    expect(new Set(read.map((s) => s.visibility)).size).toBeGreaterThan(2);
  });

  it('stop at a sheet whose uploader, status or visibility the code does not know, naming the sheet', () => {
    const [first] = sheets;
    if (!first) throw new Error('no demo sheet');
    expect(() => demoSheet({ ...first, by: 'stranger' })).toThrow(`"${first.title}" has an unknown uploader`);
    expect(() => demoSheet({ ...first, visibility: 'everyone' })).toThrow('has an unknown visibility');
    expect(() => demoSheet({ ...first, revisions: [{ rev: 'R09', status: 'LOST' }] })).toThrow(
      'has an unknown status',
    );
  });

  it('read the rooms of every level, and refuse a room that is not [name, x0, y0, x1, y1]', () => {
    expect(DEMO_DRAWINGS.map((d) => d.key).sort()).toEqual(Object.keys(rooms).sort());
    expect(roomOf('TER', ['Hall', 0, 0, 2, 2])).toEqual(['Hall', 0, 0, 2, 2]);
    expect(() => roomOf('TER', ['Hall', 0, 0, 2])).toThrow('a room of TER');
    expect(() => roomOf('SS', [0, 0, 0, 2, 2])).toThrow('a room of SS');
  });

  it('keeps the issue catalogue as written', () => {
    expect(DEMO_ISSUE_TEMPLATES).toEqual(templates);
    expect(DEMO_ISSUE_TEMPLATES.length).toBeGreaterThan(20);
    for (const template of DEMO_ISSUE_TEMPLATES) {
      expect(template.disciplines.length).toBeGreaterThan(0);
      expect(template.levels.length).toBeGreaterThan(0);
      expect(template.title.trim()).not.toBe('');
    }
  });
});
