import { ActionIcon, ColorSwatch, Divider, Group, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowUpRight,
  IconArrowsMove,
  IconCircle,
  IconHandStop,
  IconHighlight,
  IconLine,
  IconMapPin,
  IconPointer,
  IconSquare,
  IconTypography,
  type Icon,
} from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { STROKE_COLORS } from '../model/editor-constants';
import { setStrokeColor, TOOL_IDS, type ToolId } from '../model/editor-state';
import type { EditorController } from '../tools/editor-controller';
import { TOOL_KEYS } from '../tools/keyboard-shortcuts';
import { RemoveButton } from '../../components/row-actions.tsx';

const ICONS: Record<ToolId, Icon> = {
  select: IconPointer,
  pan: IconHandStop,
  pin: IconMapPin,
  rect: IconSquare,
  circle: IconCircle,
  highlight: IconHighlight,
  line: IconLine,
  arrow: IconArrowUpRight,
  text: IconTypography,
  alignBackgroundImage: IconArrowsMove,
};

const KEY_OF = Object.fromEntries(Object.entries(TOOL_KEYS).map(([key, tool]) => [tool, key.toUpperCase()]));

/** Only what the toolbar shows, so zooming and panning do not re-render it. */
export interface ToolbarProps {
  readonly controller: EditorController;
  readonly tool: ToolId;
  readonly strokeColor: string;
  readonly undoable: boolean;
  readonly redoable: boolean;
  readonly hasSelection: boolean;
}

/** The tools of spec §2.1 with their shortcuts, colours, undo, redo and delete. */
export const EditorToolbar = memo(function EditorToolbar(props: ToolbarProps) {
  const { controller, tool: current, strokeColor, undoable, redoable, hasSelection } = props;
  const { t } = useTranslation('editor');
  return (
    <Group gap={4} p={4} role="toolbar" aria-label={t('tools.label')} wrap="wrap">
      {TOOL_IDS.map((tool) => {
        const ToolIcon = ICONS[tool];
        const label = t('tools.shortcut', { label: t(`tools.${tool}`), key: KEY_OF[tool] ?? '' });
        return (
          <Tooltip key={tool} label={label} openDelay={500}>
            <ActionIcon
              variant={current === tool ? 'filled' : 'subtle'}
              aria-label={t(`tools.${tool}`)}
              aria-pressed={current === tool}
              onClick={() => controller.selectTool(tool)}
            >
              <ToolIcon size={18} />
            </ActionIcon>
          </Tooltip>
        );
      })}
      <Divider orientation="vertical" />
      {STROKE_COLORS.map((color) => (
        <ColorSwatch
          key={color}
          component="button"
          type="button"
          color={color}
          size={18}
          aria-label={t('actions.color', { color: t(`colors.${color}`) })}
          aria-pressed={strokeColor === color}
          style={{
            outline: strokeColor === color ? '2px solid var(--mantine-color-blue-5)' : undefined,
            cursor: 'pointer',
          }}
          onClick={() => controller.store.update((current) => setStrokeColor(current, color))}
        />
      ))}
      <Divider orientation="vertical" />
      <ActionIcon
        variant="subtle"
        aria-label={t('actions.undo')}
        disabled={!undoable}
        onClick={() => controller.run({ type: 'undo' })}
      >
        <IconArrowBackUp size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={t('actions.redo')}
        disabled={!redoable}
        onClick={() => controller.run({ type: 'redo' })}
      >
        <IconArrowForwardUp size={18} />
      </ActionIcon>
      <RemoveButton
        label={t('actions.delete')}
        onClick={() => controller.run({ type: 'delete' })}
        disabled={!hasSelection}
        iconSize={18}
      />
    </Group>
  );
});
