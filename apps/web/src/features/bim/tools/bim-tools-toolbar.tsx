import { Button, Group } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkupDialog } from './bim-markup-dialog.tsx';
import type { ToolPanel } from './bim-tools-model.ts';
import { captureFrozenView, rememberMarkedUpSnapshot } from './marked-up-snapshot.ts';
import type { ToolsState } from './use-bim-tools.tsx';

/** Left and right arrows, Home and End move the focus between the toolbar's buttons (WAI-ARIA toolbar). */
function onToolbarKeyDown(e: KeyboardEvent<HTMLDivElement>) {
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const next =
    e.key === 'ArrowRight'
      ? (index + 1) % buttons.length
      : e.key === 'ArrowLeft'
        ? (index - 1 + buttons.length) % buttons.length
        : e.key === 'Home'
          ? 0
          : e.key === 'End'
            ? buttons.length - 1
            : -1;
  if (next < 0) return;
  e.preventDefault();
  buttons[next]?.focus();
}

/** A button of the toolbar: a tool's panel, a mode it toggles (pressed while on), or an action. */
interface ToolButton {
  /** `bim-tool-{id}` is its test id. */
  id: string;
  label: 'tools.ghost' | 'tools.walk' | 'tools.markup' | `tools.${Exclude<ToolPanel, null>}`;
  pressed?: (state: ToolsState) => boolean;
  /** Disabled besides before the tools are ready. */
  disabled?: (state: ToolsState) => boolean;
  run: (state: ToolsState, actions: { markup: () => void }) => void;
}

const panelButton = (panel: Exclude<ToolPanel, null>): ToolButton => ({
  id: panel,
  label: `tools.${panel}`,
  pressed: (state) => state.panel === panel,
  run: (state) => state.dispatch({ type: 'togglePanel', panel }),
});

/** The toolbar's buttons, in their order. */
const TOOL_BUTTONS: ToolButton[] = [
  panelButton('section'),
  panelButton('classes'),
  {
    id: 'ghost',
    label: 'tools.ghost',
    pressed: (state) => state.ghost,
    // Ghosting needs a selection to keep opaque; once on, it can always be turned off.
    disabled: (state) => !state.ghost && !state.hasSelection,
    run: (state) => state.dispatch({ type: 'ghost', on: !state.ghost }),
  },
  panelButton('measure'),
  panelButton('plan'),
  {
    id: 'walk',
    label: 'tools.walk',
    pressed: (state) => state.walking,
    run: (s) => s.setWalking(!s.walking),
  },
  { id: 'markup', label: 'tools.markup', run: (_, actions) => actions.markup() },
];

/** The tools' toolbar (above the viewer): each button opens a tool's panel or toggles a mode. */
export function BimToolsToolbar({ state }: { state: ToolsState }) {
  const { t } = useTranslation('bim');
  const [markup, setMarkup] = useState<string | null>(null);
  const freeze = async () => {
    if (!state.engine) return;
    state.setWalking(false);
    const blob = await captureFrozenView(state.engine);
    setMarkup(URL.createObjectURL(blob));
  };
  const actions = { markup: () => void freeze() };
  return (
    <>
      <Group
        gap="xs"
        role="toolbar"
        aria-label={t('tools.toolbar')}
        data-testid="bim-tools"
        onKeyDown={onToolbarKeyDown}
      >
        {TOOL_BUTTONS.map((button) => {
          const pressed = button.pressed?.(state);
          return (
            <Button
              key={button.id}
              size="xs"
              variant={pressed ? 'filled' : 'default'}
              aria-pressed={pressed}
              disabled={!state.controller || !!button.disabled?.(state)}
              data-testid={`bim-tool-${button.id}`}
              onClick={() => button.run(state, actions)}
            >
              {t(button.label)}
            </Button>
          );
        })}
      </Group>
      {markup && state.engine && (
        <MarkupDialog
          src={markup}
          onClose={(image) => {
            if (image && state.engine)
              rememberMarkedUpSnapshot(state.engine, state.engine.getCamera(), image);
            URL.revokeObjectURL(markup);
            setMarkup(null);
          }}
        />
      )}
    </>
  );
}
