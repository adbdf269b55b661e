import { describe, expect, it } from 'vitest';
import type { SeededDemo } from '../support/seeded-demo.ts';
import { seedDemoDrive } from '../../src/seed/demo-drive.ts';
import { zipNames } from '../drive/drive-test-kit.ts';
import { pdfPages } from '../support/pdf-text.ts';

/** The demo server of demo.test.ts, which every test of this file reads. */
let seeded: SeededDemo;

async function as(role: string): Promise<{ token: string; base: string }> {
  const token = await seeded.tokenOf(seeded.user(role));
  return {
    token,
    base: `${seeded.server.url}/project-drive/projects/${seeded.user('manager').projectIds[0]}`,
  };
}

async function get<T>(who: { token: string; base: string }, p: string): Promise<T> {
  const response = await fetch(`${who.base}${p}`, { headers: { authorization: `Bearer ${who.token}` } });
  return (await response.json()) as T;
}

/** Registers this file's tests on the one seeded demo of demo.test.ts. */
export function demoDriveTests(shared: SeededDemo): void {
  seeded = shared;
  describe('the demo drive', () => {
    it('holds a drawing set per discipline with revisions and statuses, seen by each person as the rules say', async () => {
      const manager = await as('manager');
      const list = await get<{
        files: { fileName: string; status: string; revisionsCount: number; id: number }[];
      }>(manager, '/files?pageSize=100&sort=fileName&order=asc');
      const names = list.files.map((f) => f.fileName);
      expect(names).toContain('OBR-ARQ-ED-TER-PLA-0001-R01.pdf');
      expect(list.files.find((f) => f.fileName === 'OBR-ARQ-ED-TER-PLA-0001-R01.pdf')?.revisionsCount).toBe(
        2,
      );
      // Seven sheets and photos, and the three IFC models of the demo's federated model (seed/demo-bim.ts).
      const models = list.files.filter((f) => f.fileName.toLowerCase().endsWith('.ifc'));
      const sheets = list.files.filter((f) => !models.includes(f));
      expect(sheets).toHaveLength(7);
      expect(models).toHaveLength(3);
      expect(new Set(sheets.map((f) => f.status))).toEqual(
        new Set(['APPROVED', 'APPROVED_WITH_NOTES', 'ANALYSING', 'REPROVED']),
      );
      // The partner's work-in-progress photo stays in the partner's company.
      expect(names).not.toContain('OBR-HID-ED-TER-FOT-0002-R00.png');
      const partner = await as('partnerCollaborator');
      const partnerList = await get<{ files: { fileName: string }[] }>(partner, '/files?pageSize=100');
      expect(partnerList.files.map((f) => f.fileName)).toContain('OBR-HID-ED-TER-FOT-0002-R00.png');
      // The sheets open.
      const first = list.files[0];
      const { url } = await get<{ url: string }>(manager, `/files/${first?.id}/download-url`);
      const pdf = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // A drawing with its font embedded, which reads right in any viewer (accents included).
      expect(pdf.toString('latin1')).toContain('/FontFile2');
      const [text] = await pdfPages(pdf);
      expect(text).toContain('Edifício Aurora');
      expect(await zipNames(url).catch(() => 'not a zip')).toBe('not a zip');
      // First run only.
      expect(await seedDemoDrive(seeded.server.server.services, seeded.users)).toBe(0);
    });
  });
}
