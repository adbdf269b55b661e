// What the sheet canvas shows as DOM over its bitmap, placed by the view: the compare dividers, the issue pins
// and the align picks.
import { ActionIcon, Box, Tooltip } from '@mantine/core';
import { IconMapPinFilled } from '@tabler/icons-react';
import type { Divider, SheetPoint, ShownPin } from '@obra/domain';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { statusLook } from '../issues/shared/indicator-model.ts';
import { screenOf, type Extent, type SheetView } from './sheet-paint.ts';

/** The compare dividers: dragged with the pointer (through the sheet's pointer capture) or ← → (10 units). */
export function SheetDividers(props: {
  readonly dividers: readonly Divider[];
  readonly view: SheetView;
  readonly pageWidth: number;
  /** The divider being dragged, which the sheet's pointer moves follow. */
  readonly dragging: RefObject<string | null>;
  readonly onDividerDrag?: ((id: string, x: number) => void) | undefined;
}) {
  const { t } = useTranslation('viewer');
  const { view } = props;
  return (
    <>
      {props.dividers.map((divider) => (
        <Box
          key={divider.id}
          role="separator"
          aria-orientation="vertical"
          aria-valuenow={Math.round(divider.x)}
          aria-valuemin={0}
          aria-valuemax={Math.round(props.pageWidth)}
          aria-label={t('compare.divider')}
          tabIndex={0}
          data-testid={`divider-${divider.id}`}
          onPointerDown={(event) => {
            event.stopPropagation();
            event.currentTarget.parentElement?.setPointerCapture(event.pointerId);
            props.dragging.current = divider.id;
          }}
          onKeyDown={(event) => {
            const step = event.key === 'ArrowLeft' ? -10 : event.key === 'ArrowRight' ? 10 : 0;
            if (step === 0) return;
            event.preventDefault();
            event.stopPropagation();
            props.onDividerDrag?.(divider.id, divider.x + step);
          }}
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: divider.x * view.scale + view.x - 4,
            width: 8,
            cursor: 'ew-resize',
            background: 'linear-gradient(90deg, transparent 3px, #1c7ed6 3px, #1c7ed6 5px, transparent 5px)',
          }}
        />
      ))}
    </>
  );
}

/** The issues' pins (page fractions), coloured by status, marked when drawn on another revision. */
export function SheetPins(props: {
  readonly pins: readonly ShownPin[];
  readonly view: SheetView;
  readonly page: Extent;
  readonly onPinClick?: ((pin: ShownPin) => void) | undefined;
}) {
  const { t } = useTranslation('viewer');
  const { view, page } = props;
  return (
    <>
      {props.pins.map((pin) => {
        const at = screenOf(view, { x: pin.x * page.width, y: pin.y * page.height });
        const colour = statusLook(pin.status).color;
        const label = pin.revisionChanged
          ? t('pins.changed', { code: pin.code, title: pin.title, revision: pin.revision })
          : t('pins.label', { code: pin.code, title: pin.title });
        return (
          <Tooltip key={`${pin.issueId}-${pin.revision}-${pin.page}-${pin.x}-${pin.y}`} label={label}>
            <ActionIcon
              variant="transparent"
              aria-label={label}
              data-testid="sheet-pin"
              data-issue-id={pin.issueId}
              data-revision-changed={pin.revisionChanged ? 'true' : 'false'}
              onPointerDown={(event) => event.stopPropagation()}
              onClick={() => props.onPinClick?.(pin)}
              style={{ position: 'absolute', left: at.left - 14, top: at.top - 28 }}
            >
              <IconMapPinFilled size={28} color={`var(--mantine-color-${colour}-filled)`} />
              {pin.revisionChanged && (
                <Box
                  component="span"
                  aria-hidden
                  style={{
                    position: 'absolute',
                    right: -4,
                    top: -4,
                    width: 12,
                    height: 12,
                    borderRadius: 6,
                    background: 'var(--mantine-color-yellow-filled)',
                    border: '2px solid white',
                  }}
                />
              )}
            </ActionIcon>
          </Tooltip>
        );
      })}
    </>
  );
}

/** The points picked so far (align), as rings that let the pointer through. */
export function SheetMarkers(props: { readonly markers: readonly SheetPoint[]; readonly view: SheetView }) {
  return (
    <>
      {props.markers.map((marker, index) => {
        const at = screenOf(props.view, marker);
        return (
          <Box
            key={index}
            data-testid="align-marker"
            style={{
              position: 'absolute',
              left: at.left - 6,
              top: at.top - 6,
              width: 12,
              height: 12,
              borderRadius: 6,
              border: '2px solid #f08c00',
              pointerEvents: 'none',
            }}
          />
        );
      })}
    </>
  );
}
