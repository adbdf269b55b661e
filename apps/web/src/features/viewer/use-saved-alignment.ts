import { useEffect, useMemo, useRef, useState } from 'react';
import { IDENTITY_ALIGNMENT, type Alignment } from '@obra/domain';
import { pairQuery, type AlignmentPairKey } from './viewer-api.ts';
import type { SheetChoice } from './document-viewer-model.ts';

/**
 * What the host keeps of the alignment of a pair (the server's saved alignments): two documents, or two revisions
 * of one document.
 */
export interface AlignmentStore {
  load(pair: AlignmentPairKey): Promise<Alignment | null>;
  save(pair: AlignmentPairKey, alignment: Alignment): Promise<void>;
  forget(pair: AlignmentPairKey): Promise<void>;
}

/** The pair a comparison's alignment is kept for; null when there is nothing to align. */
export function alignmentPair(
  base: SheetChoice | null,
  compared: SheetChoice | null,
): AlignmentPairKey | null {
  if (!base || !compared) return null;
  if (base.documentId !== compared.documentId)
    return { baseDocumentId: base.documentId, comparedDocumentId: compared.documentId };
  if (base.revision.toLowerCase() === compared.revision.toLowerCase()) return null;
  return {
    baseDocumentId: base.documentId,
    comparedDocumentId: compared.documentId,
    baseRevision: base.revision,
    comparedRevision: compared.revision,
  };
}

/**
 * The alignment of the compared sheet over the base one, as the viewer shows it: the pair's saved alignment once it
 * is loaded (identity meanwhile, and for a pair with nothing saved); `keepAlignment` shows and saves a new one,
 * `resetAlignment` goes back to identity and forgets it. `base` null: nothing is compared.
 */
export function useSavedAlignment(
  store: AlignmentStore | undefined,
  base: SheetChoice | null,
  compared: SheetChoice | null,
) {
  const [alignment, setAlignment] = useState<Alignment>(IDENTITY_ALIGNMENT);
  const pair = useMemo(() => alignmentPair(base, compared), [base, compared]);
  // A string: the effect below runs again only when the pair itself changes (an object would be new each render).
  const pairKey = pair ? JSON.stringify(pairQuery(pair)) : null;
  const pairRef = useRef(pair);
  pairRef.current = pair;
  useEffect(() => {
    setAlignment(IDENTITY_ALIGNMENT);
    const current = pairRef.current;
    if (!store || !current || pairKey === null) return;
    let live = true;
    store.load(current).then(
      (found) => live && found && setAlignment(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [store, pairKey]);
  return {
    alignment,
    keepAlignment(found: Alignment) {
      setAlignment(found);
      if (store && pair) void store.save(pair, found);
    },
    resetAlignment() {
      setAlignment(IDENTITY_ALIGNMENT);
      if (store && pair) void store.forget(pair);
    },
  };
}
