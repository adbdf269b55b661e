import { useEffect, useMemo, type Dispatch } from 'react';
import { forRevision } from '@obra/domain';
import { listShapes } from '../../editor/model/markup-model.ts';
import { loadMarkup } from '../../editor/model/markup-schema.ts';
import type { ShareIssue } from './markup-dialog.tsx';
import type { SheetMarkup } from './sheet-paint.ts';
import type { DocumentViewerAction, MarkupsState, SheetChoice } from './document-viewer-model.ts';
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
 * The markups of the base document (mine and those shared with issues I see), loaded from the host's store into the
 * viewer's model (`markups`, `dispatch`) and carried over to the shown revision and page like pins; saving and
 * removing. `baseDoc` undefined: markups are not shown (comparing two sheets).
 */
export function useSheetMarkups(
  markupStore: MarkupStore | undefined,
  baseDoc: ViewerDocument | undefined,
  base: SheetChoice | null,
  shownPage: number,
  markups: MarkupsState,
  dispatch: Dispatch<DocumentViewerAction>,
) {
  const baseDocumentId = base?.documentId ?? null;
  const { list: markupList, version, visible: markupsVisible, edit: markupEdit } = markups;
  useEffect(() => {
    if (baseDocumentId === null || !markupStore) return;
    let live = true;
    dispatch({ type: 'markupsLoading' });
    markupStore.list(baseDocumentId).then(
      (items) => live && dispatch({ type: 'markupsLoaded', items }),
      () => live && dispatch({ type: 'markupsFailed' }),
    );
    return () => {
      live = false;
    };
  }, [baseDocumentId, markupStore, version, dispatch]);
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
    dispatch({ type: 'markupSaved' });
  };
  const removeMarkup = (markup: ViewerMarkup) => {
    if (!markupStore) return;
    markupStore.remove(markup.documentId, markup.id).then(
      () => dispatch({ type: 'markupsReload' }),
      () => dispatch({ type: 'markupsFailed' }),
    );
  };
  return {
    markupList,
    shownMarkups,
    sheetMarkups,
    markupsVisible,
    setMarkupsVisible: (visible: boolean) => dispatch({ type: 'markupsVisible', visible }),
    markupEdit,
    setMarkupEdit: (edit: { markup: ViewerMarkup | null } | null) => dispatch({ type: 'editMarkup', edit }),
    saveMarkup,
    removeMarkup,
    /** Loads the list again (after a failed load). */
    reloadMarkups: () => dispatch({ type: 'markupsReload' }),
  };
}
