import { Button, Checkbox, Group } from '@mantine/core';
import type { BcfViewpoint } from '@obra/domain';
import type { Dispatch, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectDetails } from '../projects/project-context.ts';
import type { BimSavedView, BimViewTarget } from './bim-api.ts';
import { BimIssuePinMenu } from './bim-issue-pin-menu.tsx';
import type { IssueMarker } from './bim-issue-pins.ts';
import type { BimViewerEngine } from './bim-viewer-engine.ts';
import { visibilityCommand, type BimViewerAction, type BimViewerState } from './bim-viewer-model.ts';
import { BimViewsPanel } from './bim-views-panel.tsx';

/** A button of the view's bar: what it asks of the engine, and whether it needs a selection. */
interface ViewButton {
  testId: string;
  label: 'tools.fit' | 'tools.hide' | 'tools.isolate' | 'tools.showAll';
  needsSelection?: boolean;
  run: (engine: BimViewerEngine | null, state: BimViewerState, clearSelection: () => void) => void;
}

/** Fit, hide and isolate the selection, show all again: the model decides, the engine applies. */
const VIEW_BUTTONS: ViewButton[] = [
  { testId: 'bim-fit', label: 'tools.fit', run: (engine) => engine?.fit() },
  {
    testId: 'bim-hide',
    label: 'tools.hide',
    needsSelection: true,
    run: (engine, state, clearSelection) => {
      const command = visibilityCommand(state, 'hide');
      if (command?.kind === 'hide') void engine?.hide(command.modelId, command.ids);
      clearSelection();
    },
  },
  {
    testId: 'bim-isolate',
    label: 'tools.isolate',
    needsSelection: true,
    run: (engine, state) => {
      const command = visibilityCommand(state, 'isolate');
      if (command?.kind === 'isolate') void engine?.isolate(command.modelId, command.ids);
    },
  },
  { testId: 'bim-show-all', label: 'tools.showAll', run: (engine) => void engine?.showAll() },
];

/**
 * The bar above the viewer: the view's buttons, the issue pins (shown or not, and their list), the saved views
 * and, on an active project, a new issue at the clicked element (or at the plugin's view).
 */
export function BimViewerActions({
  project,
  state,
  dispatch,
  engine,
  markers,
  viewTarget,
  pluginViewpoint,
  clearSelection,
  captureView,
  openView,
  startIssue,
}: {
  project: ProjectDetails;
  state: BimViewerState;
  dispatch: Dispatch<BimViewerAction>;
  /** The engine when the buttons are pressed (it is created and disposed with the loading). */
  engine: () => BimViewerEngine | null;
  markers: IssueMarker[];
  viewTarget: BimViewTarget | undefined;
  pluginViewpoint: BcfViewpoint | null;
  clearSelection: () => void;
  captureView: () => Promise<BcfViewpoint | null>;
  openView: (view: BimSavedView) => void;
  startIssue: () => void;
}): ReactNode {
  const { t } = useTranslation(['bim', 'enums']);
  return (
    <Group gap="xs" justify="flex-end">
      {VIEW_BUTTONS.map((button) => (
        <Button
          key={button.testId}
          size="xs"
          variant="default"
          disabled={button.needsSelection ? !state.selection : undefined}
          data-testid={button.testId}
          onClick={() => button.run(engine(), state, clearSelection)}
        >
          {t(button.label)}
        </Button>
      ))}
      <Checkbox
        size="xs"
        label={t('issues3d.showPins', { count: markers.length })}
        checked={state.showPins}
        onChange={(e) => dispatch({ type: 'showPins', on: e.currentTarget.checked })}
        data-testid="bim-issue-pins"
      />
      {state.showPins && <BimIssuePinMenu projectId={project.id} markers={markers} />}
      {viewTarget && (
        <BimViewsPanel
          projectId={project.id}
          target={viewTarget}
          canWrite={project.status === 1}
          capture={captureView}
          onOpen={openView}
        />
      )}
      {project.status === 1 && (
        <Button
          size="xs"
          disabled={!state.pin && !pluginViewpoint}
          data-testid="bim-new-issue"
          onClick={startIssue}
        >
          {pluginViewpoint ? t('issue.newAtPluginView') : t('issue.newHere')}
        </Button>
      )}
    </Group>
  );
}
