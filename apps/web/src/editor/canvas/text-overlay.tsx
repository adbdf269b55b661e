import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_OVERLAY_Z_INDEX } from '../model/editor-constants';
import { pagePoint, pageToScreen, type Viewpoint } from '../model/geometry';
import type { TextShape } from '../model/shape-model';

interface TextOverlayProps {
  readonly shape: TextShape;
  readonly viewpoint: Viewpoint;
  readonly onDone: (text: string) => void;
}

/** Enter without Shift and Escape close the overlay; closing blurs it, and losing focus saves (spec §4.2). */
export function TextOverlay({ shape, viewpoint, onDone }: TextOverlayProps) {
  const { t } = useTranslation('editor');
  const ref = useRef<HTMLTextAreaElement>(null);
  const at = pageToScreen(viewpoint, pagePoint(shape.x, shape.y));
  const fontSize = shape.fontSize * shape.scaleY * viewpoint.scale;

  useEffect(() => {
    // The press that created the text is still being dispatched: its mousedown would move focus to the page
    // and blur (and so close) the overlay at once. Focus once that input has been handled.
    const timer = setTimeout(() => {
      ref.current?.focus();
      ref.current?.select();
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Escape') {
      event.preventDefault();
      event.currentTarget.blur();
    }
  };

  return (
    <textarea
      ref={ref}
      aria-label={t('text.overlayLabel')}
      data-testid="editor-text-overlay"
      defaultValue={shape.text}
      onKeyDown={onKeyDown}
      onBlur={(event) => onDone(event.currentTarget.value)}
      rows={Math.max(1, shape.text.split('\n').length)}
      style={{
        position: 'absolute',
        left: at.x,
        top: at.y,
        zIndex: TEXT_OVERLAY_Z_INDEX,
        fontSize,
        lineHeight: 1,
        fontFamily: shape.fontFamily,
        color: shape.style.fill ?? shape.style.stroke,
        transform: `rotate(${shape.rotation}deg)`,
        transformOrigin: 'top left',
        background: 'rgba(255,255,255,0.85)',
        border: '1px dashed #228be6',
        padding: 0,
        margin: 0,
        outline: 'none',
        resize: 'none',
        overflow: 'hidden',
        minWidth: fontSize * 4,
        fieldSizing: 'content',
      }}
    />
  );
}
