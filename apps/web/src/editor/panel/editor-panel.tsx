import { Button, Slider, Stack, Switch, Text } from '@mantine/core';
import { IconZoomScan } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZOOM_SLIDER_MAX, ZOOM_SLIDER_MIN } from '../model/editor-constants';
import type { CompareState } from '../model/editor-state';
import { toggleMarkup, togglePins } from '../model/view-actions';
import type { EditorController } from '../tools/editor-controller';
import { selectSliderValue, useEditorSelector } from '../canvas/use-editor-selector';
import { ComparePanel } from './compare-panel';

/** Only what the panel shows; the zoom is read from the store as the slider value, so panning does not re-render it. */
export interface PanelProps {
  readonly controller: EditorController;
  readonly pinsVisible: boolean;
  readonly markupVisible: boolean;
  readonly compare: CompareState | null;
}

/**
 * The slider's value: the editor's zoom, or the value just chosen while that zoom waits for its throttle window.
 * Any change of the editor's zoom (the chosen value applied, or a wheel step) shows the editor's value again.
 */
function useSliderValue(controller: EditorController): [number, (value: number) => void] {
  const zoom = useEditorSelector(controller.store, selectSliderValue) ?? 0;
  const [chosen, setChosen] = useState<number | null>(null);
  const [seenZoom, setSeenZoom] = useState(zoom);
  if (zoom !== seenZoom) {
    setSeenZoom(zoom);
    setChosen(null);
  }
  const change = (value: number) => {
    setChosen(value);
    controller.requestZoomSlider(value);
  };
  return [chosen ?? zoom, change];
}

/** The right-hand panel of spec §2.1: pin and markup visibility, the zoom slider and zoom to fit. */
/** The panel's width; the editor keeps this room from its first paint (see MarkupEditor). */
export const EDITOR_PANEL_WIDTH = 240;

export const EditorPanel = memo(function EditorPanel({
  controller,
  pinsVisible,
  markupVisible,
  compare,
}: PanelProps) {
  const { t } = useTranslation('editor');
  const [zoom, changeZoom] = useSliderValue(controller);
  return (
    <Stack
      gap="sm"
      p="sm"
      w={EDITOR_PANEL_WIDTH}
      component="aside"
      aria-label={t('panel.label')}
      style={{ flexShrink: 0, overflowY: 'auto' }}
    >
      <Switch
        label={t('panel.pins')}
        checked={pinsVisible}
        onChange={() => controller.store.update(togglePins)}
      />
      <Switch
        label={t('panel.markup')}
        checked={markupVisible}
        onChange={() => controller.store.update(toggleMarkup)}
      />
      <div>
        <Text size="sm" id="editor-zoom-label">
          {t('panel.zoom')}
        </Text>
        <Slider
          min={ZOOM_SLIDER_MIN}
          max={ZOOM_SLIDER_MAX}
          step={1}
          value={zoom}
          onChange={changeZoom}
          thumbProps={{ 'aria-labelledby': 'editor-zoom-label' }}
          data-testid="editor-zoom-slider"
          label={null}
        />
      </div>
      <Button variant="light" leftSection={<IconZoomScan size={16} />} onClick={() => controller.zoomToFit()}>
        {t('panel.zoomToFit')}
      </Button>
      {compare && <ComparePanel controller={controller} compare={compare} />}
    </Stack>
  );
});
