import { describe, expect, it } from 'vitest';
import type { ViewerDocument, ViewerRevision } from '../../features/viewer/viewer-api.ts';
import { RestError } from '../api-errors.ts';
import {
  OFFLINE_SHEET_URL,
  fitsBudget,
  keepDrawingIn,
  keepableRevision,
  makeDrawing,
  offlineDocument,
  refreshDrawings,
  refreshPlan,
  type DrawingStore,
  type KeptDrawing,
  type StoredDrawing,
} from './drawing-store.ts';

// Drawings kept offline (issue 34): which revision is kept, what a sync does with a newer one, the budget, and a
// document the server refuses. The store is a map here (jsdom has no IndexedDB); the pictures' bytes are real.

function revision(fileId: number, name: string, pages: number, prepared = true): ViewerRevision {
  return {
    fileId,
    revisionName: name,
    fileName: `A-101-${name}.pdf`,
    extension: 'pdf',
    contentType: 'application/pdf',
    kind: 'pdf',
    processingState: prepared ? 'success' : 'processing',
    uploadedAt: '2026-11-29T10:00:00.000Z',
    url: `/files/${fileId}.pdf?sig=x`,
    pages: prepared
      ? Array.from({ length: pages }, (_, i) => ({
          width: 600,
          height: 400,
          preview: { url: `/files/${fileId}.page-${i + 1}.webp?sig=x`, width: 2048, height: 1365 },
        }))
      : null,
  };
}

const doc = (id: number, ...revisions: ViewerRevision[]): ViewerDocument => ({
  id,
  name: `A-${id}`,
  revisions,
});

/** A fetch answering every preview with `size` bytes of WebP, remembering what was asked. */
function previews(size = 1000) {
  const asked: string[] = [];
  const fetcher = (async (url: string) => {
    asked.push(url);
    return new Response(new Uint8Array(size), { headers: { 'content-type': 'image/webp' } });
  }) as typeof fetch;
  return { fetcher, asked };
}

function memoryStore(extraUsed = 0) {
  const drawings = new Map<string, StoredDrawing | KeptDrawing>();
  const store: DrawingStore = {
    list: async (projectId) => [...drawings.values()].filter((d) => d.projectId === projectId),
    put: async (drawing) => {
      const before = drawings.get(drawing.id);
      // A record-only put keeps the pages kept before, as the database does.
      drawings.set(drawing.id, 'pages' in drawing ? drawing : { ...before, ...drawing });
    },
    remove: async (id) => void drawings.delete(id),
    usedBytes: async () => extraUsed + [...drawings.values()].reduce((sum, d) => sum + d.bytes, 0),
  };
  return { store, drawings };
}

const now = () => '2026-11-29T12:00:00.000Z';

describe('keepableRevision', () => {
  it('keeps the current revision of a prepared PDF or an image; not an unprepared PDF or another file', () => {
    expect(keepableRevision(doc(1, revision(11, 'R01', 2), revision(10, 'R00', 2)))).toMatchObject({
      revisionName: 'R01',
    });
    expect(keepableRevision(doc(1, revision(11, 'R01', 2, false)))).toBe('not-prepared');
    const partly = revision(12, 'R02', 2);
    partly.pages = [partly.pages![0]!, { width: 600, height: 400, preview: null }];
    expect(keepableRevision(doc(1, partly))).toBe('not-prepared');
    expect(keepableRevision(doc(1, { ...revision(13, 'R00', 1), kind: 'image', pages: null }))).toMatchObject(
      {
        kind: 'image',
      },
    );
    expect(keepableRevision(doc(1, { ...revision(14, 'R00', 1), kind: 'other' }))).toBe('not-a-drawing');
    expect(keepableRevision(doc(1))).toBe('no-revision');
  });
});

describe('refreshPlan', () => {
  it('confirms the same file, replaces with a newer prepared revision, keeps the older one while it is not', () => {
    expect(refreshPlan({ fileId: 10 }, doc(1, revision(10, 'R00', 1)))).toEqual({ action: 'confirm' });
    expect(refreshPlan({ fileId: 10 }, doc(1, revision(11, 'R01', 1), revision(10, 'R00', 1)))).toMatchObject(
      {
        action: 'replace',
        revision: { revisionName: 'R01' },
      },
    );
    expect(refreshPlan({ fileId: 10 }, doc(1, revision(11, 'R01', 1, false)))).toEqual({
      action: 'keep-older',
      reason: 'not-prepared',
    });
  });
});

describe('fitsBudget', () => {
  it('counts the copy being replaced as freed', () => {
    expect(fitsBudget(900, 0, 100, 1000)).toBe(true);
    expect(fitsBudget(900, 0, 101, 1000)).toBe(false);
    expect(fitsBudget(1000, 300, 300, 1000)).toBe(true);
  });
});

describe('keepDrawingIn', () => {
  it("stores every page's preview and the open answer cut to the kept revision", async () => {
    const { store, drawings } = memoryStore();
    const { fetcher, asked } = previews(1000);
    const outcome = await keepDrawingIn(
      store,
      7,
      doc(3, revision(11, 'R01', 3), revision(10, 'R00', 3)),
      10_000_000,
      fetcher,
      now,
    );
    expect(outcome).toBe('kept');
    expect(asked).toEqual([
      '/files/11.page-1.webp?sig=x',
      '/files/11.page-2.webp?sig=x',
      '/files/11.page-3.webp?sig=x',
    ]);
    const kept = drawings.get('7:3') as KeptDrawing;
    expect(kept).toMatchObject({ projectId: 7, documentId: 3, revision: 'R01', fileId: 11, pageCount: 3 });
    expect(kept.document.revisions.map((r) => r.revisionName)).toEqual(['R01']);
    expect(kept.pages.map((p) => p.picture.bytes.byteLength)).toEqual([1000, 1000, 1000]);
    expect(kept.bytes).toBeGreaterThan(3000);
    expect(kept.syncedAt).toBe(now());
  });

  it('refuses a drawing past the budget, and one that is not prepared, storing nothing', async () => {
    const { store, drawings } = memoryStore(9_000);
    const { fetcher } = previews(1000);
    expect(await keepDrawingIn(store, 7, doc(3, revision(11, 'R01', 2)), 10_000, fetcher, now)).toBe(
      'over-budget',
    );
    expect(await keepDrawingIn(store, 7, doc(4, revision(12, 'R00', 2, false)), 1e9, fetcher, now)).toBe(
      'not-prepared',
    );
    expect(drawings.size).toBe(0);
  });
});

describe('refreshDrawings', () => {
  async function keptStore(extraUsed = 0) {
    const memory = memoryStore(extraUsed);
    const { fetcher } = previews(1000);
    await keepDrawingIn(memory.store, 7, doc(3, revision(10, 'R00', 2)), 1e9, fetcher, () => 'earlier');
    await keepDrawingIn(memory.store, 7, doc(4, revision(20, 'R00', 1)), 1e9, fetcher, () => 'earlier');
    return memory;
  }

  it('replaces a drawing whose newer revision is prepared, confirms one unchanged', async () => {
    const { store, drawings } = await keptStore();
    const { fetcher, asked } = previews(2000);
    const answers: Record<number, ViewerDocument> = {
      3: doc(3, revision(11, 'R01', 1), revision(10, 'R00', 2)),
      4: doc(4, revision(20, 'R00', 1)),
    };
    const report = await refreshDrawings(store, 7, async (id) => answers[id], 1e9, fetcher, now);
    expect(report).toMatchObject({ outcome: 'synced', replaced: [3], confirmed: [4], dropped: [] });
    expect(asked).toEqual(['/files/11.page-1.webp?sig=x']);
    const replaced = drawings.get('7:3') as KeptDrawing;
    expect(replaced).toMatchObject({ revision: 'R01', fileId: 11, pageCount: 1, syncedAt: now() });
    expect(replaced.pages).toHaveLength(1);
    expect(drawings.get('7:4')).toMatchObject({ revision: 'R00', syncedAt: now() });
  });

  it('keeps the older copy when the newer revision does not fit the budget or is not prepared yet', async () => {
    const { store, drawings } = await keptStore();
    const used = await store.usedBytes();
    const { fetcher } = previews(50_000);
    const answers: Record<number, ViewerDocument> = {
      3: doc(3, revision(11, 'R01', 2)),
      4: doc(4, revision(21, 'R01', 1, false)),
    };
    const report = await refreshDrawings(store, 7, async (id) => answers[id], used + 1000, fetcher, now);
    expect(report).toMatchObject({ outcome: 'synced', keptOlder: [3, 4], replaced: [] });
    expect(drawings.get('7:3')).toMatchObject({ revision: 'R00', syncedAt: 'earlier' });
    expect(drawings.get('7:4')).toMatchObject({ revision: 'R00', syncedAt: 'earlier' });
  });

  it('drops a drawing the server refuses to the user, and stops without a network', async () => {
    const { store, drawings } = await keptStore();
    const { fetcher } = previews();
    const refused = await refreshDrawings(
      store,
      7,
      async (id) => {
        if (id === 3) throw new RestError('DOCUMENT_ACCESS_DENIED', 'no access', 403);
        return doc(4, revision(20, 'R00', 1));
      },
      1e9,
      fetcher,
      now,
    );
    expect(refused).toMatchObject({ outcome: 'synced', dropped: [3], confirmed: [4] });
    expect([...drawings.keys()]).toEqual(['7:4']);

    const offline = await refreshDrawings(
      store,
      7,
      async () => {
        throw new TypeError('Failed to fetch');
      },
      1e9,
      fetcher,
      now,
    );
    expect(offline.outcome).toBe('offline');
    expect([...drawings.keys()]).toEqual(['7:4']);
  });
});

describe('offlineDocument', () => {
  it("opens a kept PDF from its pictures: object addresses for the previews, never the file's", () => {
    const created: string[] = [];
    const revoked: string[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => {
      created.push(`blob:page-${created.length + 1}`);
      return created[created.length - 1]!;
    };
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    try {
      const picture = { type: 'image/webp', bytes: new ArrayBuffer(8), width: 2048, height: 1365 };
      const drawing = makeDrawing(
        7,
        doc(3, revision(11, 'R01', 2)),
        revision(11, 'R01', 2),
        [
          { width: 600, height: 400, picture },
          { width: 600, height: 400, picture },
        ],
        now(),
      );
      const { document, release } = offlineDocument(drawing);
      const [kept] = document.revisions;
      expect(kept?.url).toBe(OFFLINE_SHEET_URL);
      expect(kept?.pages?.map((p) => p.preview?.url)).toEqual(['blob:page-1', 'blob:page-2']);
      expect(kept?.pages?.[0]).toMatchObject({ width: 600, height: 400, preview: { width: 2048 } });
      release();
      expect(revoked).toEqual(['blob:page-1', 'blob:page-2']);
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });
});
