import { describe, expect, it } from 'vitest';
import type { SeededDemo } from '../support/seeded-demo.ts';

/**
 * The demo's PDF sheets are indexed on the first start by themselves (issue 31 item 7): seeding uploads them through
 * the drive, their preparation queues smartDocs.index, and the demo's people (their assistant on) ask Smart Docs.
 */
/** The demo server of demo.test.ts, which every test of this file reads. */
let seeded: SeededDemo;

const SOURCES = `query($p: Int!) { smartDocsSources(projectId: $p) { fileId documentName revisionName state } }`;
const SEARCH = `query($i: SmartDocsQuestionInput!) { smartDocsSearch(input: $i) { documentName revisionName pageNumber text } }`;

/** Registers this file's tests on the one seeded demo of demo.test.ts. */
export function demoSmartDocsTests(shared: SeededDemo): void {
  seeded = shared;
  describe('Smart Docs on the demo', () => {
    it("indexes the demo's PDF sheets and finds a sheet's title with its page", async () => {
      const manager = seeded.user('manager');
      const projectId = manager.projectIds[0] as number;
      const token = await seeded.tokenOf(manager);
      const query = async <T>(text: string, variables: Record<string, unknown>): Promise<T> => {
        const res = await seeded.server.gql<T>(text, variables, { token });
        expect(res.errors).toBeUndefined();
        return res.data!;
      };
      await query('mutation { acceptAiDisclaimer { id } }', {});
      let sources: { fileId: number; documentName: string; revisionName: string; state: string }[] = [];
      for (let i = 0; i < 1200; i++) {
        sources = (await query<{ smartDocsSources: typeof sources }>(SOURCES, { p: projectId }))
          .smartDocsSources;
        const pdfs = sources.filter(
          (s) => s.documentName.includes('-PLA-') || s.documentName.includes('-COR-'),
        );
        if (pdfs.length > 0 && pdfs.every((s) => s.state !== 'pending')) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const plan = sources.find((s) => s.documentName === 'OBR-ARQ-ED-TER-PLA-0001');
      expect(plan).toMatchObject({ revisionName: 'R01', state: 'indexed' });
      // Photos are images: Smart Docs says it cannot read them.
      expect(sources.filter((s) => s.documentName.includes('-FOT-')).every((s) => s.state === 'unable')).toBe(
        true,
      );
      const found = await query<{
        smartDocsSearch: { documentName: string; revisionName: string; pageNumber: number; text: string }[];
      }>(SEARCH, { i: { projectId, fileIds: [plan?.fileId], question: 'planta baixa térreo' } });
      expect(found.smartDocsSearch[0]).toMatchObject({
        documentName: 'OBR-ARQ-ED-TER-PLA-0001',
        revisionName: 'R01',
        pageNumber: 1,
      });
    }, 400_000);
  });
}
