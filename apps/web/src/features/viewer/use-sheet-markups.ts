import { useEffect, useMemo, useState } from 'react';
import { forRevision } from '@obra/domain';
import { listShapes } from '../../editor/model/markup-model.ts';
import { loadMarkup } from '../../editor/model/markup-schema.ts';
import type { MarkupListState } from './markup-controls.tsx';
import type { ShareIssue } from './markup-dialog.tsx';
import type { SheetMarkup } from './sheet-canvas.tsx';
import type { SheetChoice } from './document-viewer.tsx';
import type { MarkupSave, ViewerDocument, ViewerMarkup } from './viewer-api.ts';

/** What the host keeps of the markups on documents (the server's viewer markups) and the issues to share with. */
export interface MarkupStore {
  list(documentId: number): Promise<ViewerMarkup[]>;
  create(
    documentId: number,
    sheet: { revision: string; page: number },
    save: MarkupSave,
  ): Promise<ViewerMarkup>;
  update(documentId: number, markupId: number, save: MarkupSave): Promise<ViewerMarkup>;
  remove(documentId: number, markupId: number): Promise<void>;
  searchIssues(text: string): Promise<ShareIssue[]>;
}

/**
 * The markups of the base document (mine and those shared with issues I see), loaded from the host's store and
 * carried over to the shown revision and page like pins; the one being drawn or edited; saving and removing.
 * `baseDoc` undefined: markups are not shown (comparing two sheets).
 */
export function useSheetMarkups(
  markupStore: MarkupStore | undefined,
  baseDoc: ViewerDocument | undefined,
  base: SheetChoice | null,
  shownPage: number,
) {
  const baseDocumentId = base?.documentId ?? null;
  const [markupList, setMarkupList] = useState<MarkupListState>({ status: 'loading' });
  const [markupsVersion, setMarkupsVersion] = useState(0);
  const [markupsVisible, setMarkupsVisible] = useState(true);
  const [markupEdit, setMarkupEdit] = useState<{ markup: ViewerMarkup | null } | null>(null);
  useEffect(() => {
    if (baseDocumentId === null || !markupStore) return;
    let live = true;
    setMarkupList({ status: 'loading' });
    markupStore.list(baseDocumentId).then(
      (items) => live && setMarkupList({ status: 'ready', items }),
      () => live && setMarkupList({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [baseDocumentId, markupStore, markupsVersion]);
  const shownMarkups = useMemo(() => {
    if (!baseDoc || !base || markupList.status !== 'ready') return [];
    const oldestFirst = baseDoc.revisions.map((r) => r.revisionName).reverse();
    return forRevision(markupList.items, oldestFirst, { revision: base.revision, page: shownPage });
  }, [markupList, baseDoc, base, shownPage]);
  const sheetMarkups = useMemo(
    (): SheetMarkup[] =>
      markupsVisible
        ? shownMarkups.map((m) => ({
            id: m.id,
            shapes: listShapes(loadMarkup(m.markUp).markup),
            scale: m.scale,
            faded: m.revisionChanged,
          }))
        : [],
    [shownMarkups, markupsVisible],
  );
  const saveMarkup = async (save: MarkupSave) => {
    if (!markupStore || !base || !markupEdit) return;
    if (markupEdit.markup) await markupStore.update(base.documentId, markupEdit.markup.id, save);
    else await markupStore.create(base.documentId, { revision: base.revision, page: shownPage }, save);
    setMarkupEdit(null);
    setMarkupsVisible(true);
    setMarkupsVersion((v) => v + 1);
  };
  const removeMarkup = (markup: ViewerMarkup) => {
    if (!markupStore) return;
    markupStore.remove(markup.documentId, markup.id).then(
      () => setMarkupsVersion((v) => v + 1),
      () => setMarkupList({ status: 'error' }),
    );
  };
  return {
    markupList,
    shownMarkups,
    sheetMarkups,
    markupsVisible,
    setMarkupsVisible,
    markupEdit,
    setMarkupEdit,
    saveMarkup,
    removeMarkup,
    /** Loads the list again (after a failed load). */
    reloadMarkups: () => setMarkupsVersion((v) => v + 1),
  };
}
