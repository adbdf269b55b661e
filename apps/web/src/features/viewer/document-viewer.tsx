import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPinPlus } from '@tabler/icons-react';
import type { DocumentPin, ShownPin } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import {
  alignStep,
  newerRevision,
  pageCount,
  picking,
  type CompareMode,
  type PinPlacement,
  type SheetChoice,
} from './document-viewer-model.ts';
import { MarkupControls } from './markup-controls.tsx';
import { MarkupDialog } from './markup-dialog.tsx';
import { SheetBody } from './sheet-body.tsx';
import { SheetCanvas } from './sheet-canvas.tsx';
import { useDocumentViewer } from './use-document-viewer.ts';
import type { AlignmentStore } from './use-saved-alignment.ts';
import type { MarkupStore } from './use-sheet-markups.ts';
import type { ViewerDocument } from './viewer-api.ts';
import { ViewerCompareBar } from './viewer-compare-bar.tsx';
import { ViewerToolbar } from './viewer-toolbar.tsx';

export {
  defaultChoices,
  type CompareMode,
  type PinPlacement,
  type SheetChoice,
} from './document-viewer-model.ts';

export type { AlignmentStore } from './use-saved-alignment.ts';

export type { MarkupStore } from './use-sheet-markups.ts';

export interface DocumentViewerProps {
  readonly documents: readonly ViewerDocument[];
  readonly initial: {
    readonly base: SheetChoice | null;
    readonly compared: SheetChoice | null;
    readonly page: number;
    readonly mode?: CompareMode;
  };
  readonly pinsOf?: (documentId: number) => Promise<DocumentPin[]>;
  readonly onPinClick?: (pin: ShownPin) => void;
  readonly onPlacePin?: (placement: PinPlacement) => void;
  readonly onNavigate?: (state: { base: SheetChoice; page: number }) => void;
  readonly onRemoveDocument?: (documentId: number) => void;
  readonly alignments?: AlignmentStore;
  readonly markups?: MarkupStore;
  /** Whether the user may draw markups (an active project); without it markups are shown only. */
  readonly canMarkup?: boolean;
}

/**
 * The document viewer: page navigation and indicator, revision switch with the "not the latest" warning, zoom and
 * pan, the pins of the issues the user sees (carried over to newer revisions), overlay and side-by-side compare
 * with the two dividers, and the two-point-pair align tool. Its state is document-viewer-model.ts, read through
 * use-document-viewer.ts.
 */
export function DocumentViewer(props: DocumentViewerProps) {
  const { documents } = props;
  const { t } = useTranslation('viewer');
  const viewer = useDocumentViewer(props);
  const { state, dispatch, baseDoc, baseRevision, shownPage, basePageReady, markups } = viewer;
  const { base, mode, aligning, placing } = state;
  const markupStore = props.markups;

  if (!baseDoc || !base) return <Alert color="yellow">{t('noRevisions')}</Alert>;
  const latestName = newerRevision(state, documents);
  const step = alignStep(state);
  const canPlace = Boolean(props.onPlacePin && baseRevision && basePageReady);

  return (
    <Stack
      gap="xs"
      style={{ flex: 1, minHeight: 0 }}
      onKeyDown={viewer.onKeyDown}
      data-testid="document-viewer"
      data-page-source={basePageReady?.source ?? ''}
    >
      <ViewerToolbar
        state={state}
        dispatch={dispatch}
        documents={documents}
        sources={viewer.sources}
        shownPage={shownPage}
        pageCount={pageCount(state)}
      />
      {latestName !== null && (
        <Alert color="yellow" data-testid="not-latest" p="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('revision.notLatest', { revision: base.revision, latest: latestName })}</Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() =>
                dispatch({
                  type: 'chooseBase',
                  choice: { documentId: base.documentId, revision: latestName },
                })
              }
            >
              {t('revision.openLatest')}
            </Button>
          </Group>
        </Alert>
      )}
      {mode !== 'single' && (
        <ViewerCompareBar state={state} dispatch={dispatch} onResetAlignment={viewer.resetAlignment} />
      )}
      {aligning && (
        <Alert color="orange" p="xs" data-testid="align-step">
          {t(`align.step${step}`)}
        </Alert>
      )}
      {mode === 'single' && (canPlace || markupStore) && (
        <Group gap="xs" wrap="wrap">
          {markupStore && (
            <MarkupControls
              state={markups.markupList}
              shown={markups.shownMarkups}
              visible={markups.markupsVisible}
              canDraw={Boolean(props.canMarkup && basePageReady)}
              onVisible={markups.setMarkupsVisible}
              onDraw={() => markups.setMarkupEdit({ markup: null })}
              onEdit={(markup) => markups.setMarkupEdit({ markup })}
              onDelete={markups.removeMarkup}
              onRetry={markups.reloadMarkups}
            />
          )}
          {canPlace && (
            <Button
              size="xs"
              variant={placing ? 'filled' : 'light'}
              leftSection={<IconMapPinPlus size={16} />}
              onClick={() => dispatch({ type: 'togglePlacing' })}
              data-testid="place-pin"
            >
              {placing ? t('pins.placing') : t('pins.place')}
            </Button>
          )}
        </Group>
      )}
      {markups.markupEdit && markupStore && basePageReady && (
        <MarkupDialog
          page={basePageReady}
          markup={markups.markupEdit.markup}
          searchIssues={markupStore.searchIssues}
          onSave={markups.saveMarkup}
          onClose={() => markups.setMarkupEdit(null)}
        />
      )}
      <SheetBody body={viewer.body} documents={documents} onRemoveDocument={props.onRemoveDocument}>
        {basePageReady && (
          <SheetCanvas
            width={basePageReady.width}
            height={basePageReady.height}
            layers={viewer.layers}
            tiles={viewer.tiles}
            pins={viewer.shownPins}
            markups={markups.sheetMarkups}
            markers={aligning ?? []}
            dividers={mode === 'sideBySide' ? state.dividers : null}
            onDividerDrag={(id, x) => dispatch({ type: 'dragDivider', id, x })}
            onPick={picking(state) ? viewer.onPick : undefined}
            onPinClick={props.onPinClick}
            picking={picking(state)}
            fitKey={`${base.documentId}:${shownPage}:${mode}`}
            label={t('sheet.label', { name: baseDoc.name, revision: base.revision, page: shownPage })}
          />
        )}
      </SheetBody>
    </Stack>
  );
}
