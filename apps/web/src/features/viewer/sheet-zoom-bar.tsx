import { Group, Slider } from '@mantine/core';
import { IconArrowsMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZOOM_SLIDER_MAX, ZOOM_SLIDER_MIN } from '../../editor/model/editor-constants.ts';
import { scaleToSlider, sliderToScale } from '../../editor/model/zoom-model.ts';
import { ZOOM_STEPS } from './sheet-view-model.ts';
import { ViewerIconButton } from './viewer-icon-button.tsx';

/** Under the sheet: zoom out, the zoom slider (10–100, spec editor §2.1), zoom in, zoom to fit. */
export function SheetZoomBar(props: {
  readonly scale: number;
  readonly onZoom: (steps: number) => void;
  readonly onSlider: (value: number) => void;
  readonly onFit: () => void;
}) {
  const { t } = useTranslation('viewer');
  return (
    <Group
      gap="xs"
      p={6}
      wrap="nowrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <ViewerIconButton label={t('zoom.out')} icon={IconZoomOut} onClick={() => props.onZoom(-ZOOM_STEPS)} />
      <Slider
        aria-label={t('zoom.slider')}
        data-testid="zoom-slider"
        min={ZOOM_SLIDER_MIN}
        max={ZOOM_SLIDER_MAX}
        step={1}
        value={Math.round(scaleToSlider(props.scale))}
        onChange={props.onSlider}
        label={(value) => `${Math.round(sliderToScale(value) * 100)}%`}
        style={{ flex: 1, maxWidth: 240 }}
      />
      <ViewerIconButton label={t('zoom.in')} icon={IconZoomIn} onClick={() => props.onZoom(ZOOM_STEPS)} />
      <ViewerIconButton label={t('zoom.fit')} icon={IconArrowsMaximize} onClick={props.onFit} />
    </Group>
  );
}
