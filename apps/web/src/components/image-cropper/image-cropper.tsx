import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { ActionIcon, Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhotoUp, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  checkImageFile,
  MAX_IMAGE_FILE_BYTES,
  PROFILE_IMAGE_SIZES,
  type ErrorCode,
  type ProfileImageKind,
} from '@obra/domain';
import { MEDIA } from '../../app/theme.ts';
import {
  cropRect,
  imagePlacement,
  initialCrop,
  MAX_ZOOM,
  minZoom,
  panCrop,
  ZOOM_STEP,
  zoomCrop,
  type CropState,
  type Size,
} from './crop-geometry.ts';
import { ErrorAlert } from '../form-error.tsx';
import { renderCrop } from './render-crop.ts';
import type { ImageChoice } from './upload-profile-image.ts';

/** A freshly cropped image. */
export type NewImageChoice = Extract<ImageChoice, { state: 'new' }>;

/** Why a chosen file is refused before it is shown (the common namespace's imageCropper keys). */
const REFUSALS: Partial<Record<ErrorCode, string>> = {
  SELECT_FILE: 'imageCropper.empty',
  FILE_EXTENSION_NOT_ALLOWED: 'imageCropper.notImage',
  FILE_SIZE_LIMIT_EXCEEDED: 'imageCropper.tooLarge',
};

/** The translation key of the reason a file is refused, or undefined when it may be cropped. */
export function refusalOf(file: { size: number; type: string }): string | undefined {
  const code = checkImageFile(file);
  return code ? (REFUSALS[code] ?? 'imageCropper.notImage') : undefined;
}

/** Screen pixels the arrow keys move the image by (five times with Shift). */
const KEY_STEP = 10;

/** Whether a kind is shown round (user photos and project images are avatars; logos are 4:1 bands). */
export function isAvatarKind(kind: ProfileImageKind): boolean {
  return kind !== 'COMPANY_LOGO';
}

/**
 * The cropper (editor §5.3): choose an image file (PNG, JPEG, GIF or WebP up to 5 MB), move it under a fixed frame
 * of the kind's aspect (1 for avatars, 4 for logos) by dragging (mouse, pen or touch, with pinch to zoom), the
 * arrow keys, the wheel, the slider or the zoom buttons; "Apply" renders the frame to a PNG of the kind's exact
 * size. Cancel leaves everything as it was.
 */
export function ImageCropper({
  opened,
  kind,
  title,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  kind: ProfileImageKind;
  title?: string;
  onClose: () => void;
  onConfirm: (choice: NewImageChoice) => void;
}) {
  const { t } = useTranslation('common');
  const mobile = useMediaQuery(MEDIA.mobile) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title ?? t('imageCropper.title')}
      size={isAvatarKind(kind) ? 'md' : 'xl'}
      fullScreen={mobile}
      centered
    >
      {opened && <CropperBody kind={kind} onClose={onClose} onConfirm={onConfirm} />}
    </Modal>
  );
}

interface Source {
  url: string;
  size: Size;
}

function CropperBody({
  kind,
  onClose,
  onConfirm,
}: {
  kind: ProfileImageKind;
  onClose: () => void;
  onConfirm: (choice: NewImageChoice) => void;
}) {
  const { t } = useTranslation('common');
  const output = PROFILE_IMAGE_SIZES[kind];
  const round = isAvatarKind(kind);
  const inputRef = useRef<HTMLInputElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [crop, setCrop] = useState<CropState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);

  // The chosen file's object URL lives as long as it is shown.
  useEffect(() => {
    if (!source) return undefined;
    const url = source.url;
    return () => URL.revokeObjectURL(url);
  }, [source]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const refusal = refusalOf(file);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    setLoading(true);
    const url = URL.createObjectURL(file);
    const probe = new Image();
    probe.onload = () => {
      const size = { width: probe.naturalWidth, height: probe.naturalHeight };
      setLoading(false);
      if (size.width === 0 || size.height === 0) {
        URL.revokeObjectURL(url);
        setProblem('imageCropper.unreadable');
        return;
      }
      setSource({ url, size });
      setCrop(initialCrop(size, output, round ? 'cover' : 'contain'));
    };
    probe.onerror = () => {
      URL.revokeObjectURL(url);
      setLoading(false);
      setProblem('imageCropper.unreadable');
    };
    probe.src = url;
  };

  const apply = async () => {
    const image = imageRef.current;
    if (!source || !crop || !image) return;
    setBusy(true);
    try {
      const blob = await renderCrop(image, cropRect(source.size, output, crop), output);
      onConfirm({ state: 'new', blob, url: URL.createObjectURL(blob) });
    } catch {
      setProblem('imageCropper.renderFailed');
    } finally {
      setBusy(false);
    }
  };

  const chooseButton = (
    <Button
      variant={source ? 'default' : 'filled'}
      leftSection={<IconPhotoUp size={16} />}
      onClick={() => inputRef.current?.click()}
      loading={loading}
    >
      {source ? t('imageCropper.chooseAnother') : t('imageCropper.choose')}
    </Button>
  );

  return (
    <Stack gap="md" data-testid="image-cropper">
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        aria-label={t('imageCropper.fileInput')}
        data-testid="image-cropper-input"
        onChange={(e) => {
          pick(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      {source && crop ? (
        <CropArea
          source={source}
          output={output}
          round={round}
          crop={crop}
          onCrop={(update) => setCrop((state) => (state ? update(state) : state))}
          imageRef={imageRef}
        />
      ) : (
        <DropArea onFile={pick} output={output}>
          {chooseButton}
        </DropArea>
      )}
      {problem && (
        <ErrorAlert testId="image-cropper-error">
          {t(problem, { max: MAX_IMAGE_FILE_BYTES / (1024 * 1024) })}
        </ErrorAlert>
      )}
      <Group justify="space-between" gap="sm">
        {source ? chooseButton : <span />}
        <Group gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('imageCropper.cancel')}
          </Button>
          <Button onClick={() => void apply()} disabled={!source || !crop} loading={busy}>
            {t('imageCropper.apply')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** Before a file is chosen: a drop target with the choose button and what is accepted. */
function DropArea({
  onFile,
  output,
  children,
}: {
  onFile: (file: File | undefined) => void;
  output: Size;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('common');
  const [over, setOver] = useState(false);
  return (
    <Box
      p="xl"
      data-testid="image-cropper-drop"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onFile(e.dataTransfer.files[0]);
      }}
      style={{
        border: `2px dashed var(--mantine-color-${over ? 'blue-5' : 'default-border'})`,
        borderRadius: 'var(--mantine-radius-md)',
        textAlign: 'center',
      }}
    >
      <Stack align="center" gap="sm">
        <Text size="sm">{t('imageCropper.drop')}</Text>
        {children}
        <Text size="xs" c="dimmed">
          {t('imageCropper.hint', {
            max: MAX_IMAGE_FILE_BYTES / (1024 * 1024),
            width: output.width,
            height: output.height,
          })}
        </Text>
      </Stack>
    </Box>
  );
}

/** The frame with the image under it, the zoom controls and the preview. */
function CropArea({
  source,
  output,
  round,
  crop,
  onCrop,
  imageRef,
}: {
  source: Source;
  output: Size;
  round: boolean;
  crop: CropState;
  onCrop: (update: (crop: CropState) => CropState) => void;
  imageRef: React.RefObject<HTMLImageElement | null>;
}) {
  const { t } = useTranslation('common');
  const viewportRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const [dragging, setDragging] = useState(false);
  const size = source.size;
  const rect = cropRect(size, output, crop);
  const placement = imagePlacement(size, rect);
  const lowest = minZoom(size, output);

  /** Source pixels per screen pixel of the frame. */
  const scale = useCallback(() => {
    const width = frameRef.current?.getBoundingClientRect().width ?? 0;
    return width > 0 ? cropRect(size, output, crop).width / width : 0;
  }, [size, output, crop]);

  const moveBy = (dx: number, dy: number) => {
    const factor = scale();
    onCrop((state) => panCrop(size, output, state, -dx * factor, -dy * factor));
  };
  const zoomBy = useCallback(
    (factor: number) => onCrop((state) => zoomCrop(size, output, state, state.zoom * factor)),
    [onCrop, size, output],
  );

  // The wheel zooms; a native listener so that it can keep the page from scrolling.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return undefined;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      zoomBy(event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the move events still arrive while it is over the frame.
    }
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setDragging(true);
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const known = pointers.current;
    const previous = known.get(event.pointerId);
    if (!previous) return;
    const next = { x: event.clientX, y: event.clientY };
    if (known.size >= 2) {
      // Pinch: the ratio of the distances between the two fingers zooms; the midpoint's move pans.
      const [a, b] = [...known.entries()].slice(0, 2);
      if (!a || !b) return;
      const other = a[0] === event.pointerId ? b[1] : a[1];
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(next.x - other.x, next.y - other.y);
      if (before > 0 && after > 0) zoomBy(after / before);
      moveBy((next.x - previous.x) / 2, (next.y - previous.y) / 2);
    } else {
      moveBy(next.x - previous.x, next.y - previous.y);
    }
    known.set(event.pointerId, next);
  };
  const onPointerEnd = (event: React.PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) setDragging(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEP * (event.shiftKey ? 5 : 1);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) moveBy(move[0], move[1]);
    else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / ZOOM_STEP);
    else return;
    event.preventDefault();
  };

  const imageStyle: CSSProperties = {
    position: 'absolute',
    left: `${placement.x}%`,
    top: `${placement.y}%`,
    width: `${placement.width}%`,
    height: `${placement.height}%`,
    maxWidth: 'none',
    userSelect: 'none',
    pointerEvents: 'none',
  };
  const frameWidth = round ? 280 : 560;
  const previewSize = round ? { width: 72, height: 72 } : { width: 160, height: 40 };

  return (
    <Stack gap="sm">
      <Box
        ref={viewportRef}
        tabIndex={0}
        role="group"
        aria-label={t('imageCropper.area')}
        aria-describedby="image-cropper-help"
        data-testid="image-cropper-frame"
        data-zoom={crop.zoom.toFixed(3)}
        data-center={`${Math.round(crop.centerX)},${Math.round(crop.centerY)}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
        style={{
          position: 'relative',
          overflow: 'hidden',
          padding: round ? 32 : 24,
          background: 'var(--mantine-color-dark-6)',
          borderRadius: 'var(--mantine-radius-md)',
          touchAction: 'none',
          cursor: dragging ? 'grabbing' : 'grab',
          outlineOffset: 2,
        }}
      >
        <div
          ref={frameRef}
          style={{
            position: 'relative',
            width: '100%',
            maxWidth: frameWidth,
            margin: '0 auto',
            aspectRatio: `${output.width} / ${output.height}`,
            backgroundColor: '#fff',
            backgroundImage: 'conic-gradient(#e9ecef 25%, transparent 0 50%, #e9ecef 0 75%, transparent 0)',
            backgroundSize: '16px 16px',
          }}
        >
          <img ref={imageRef} src={source.url} alt="" draggable={false} style={imageStyle} />
          <div
            aria-hidden
            style={{
              position: 'absolute',
              inset: 0,
              borderRadius: round ? '50%' : 0,
              boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.55)',
              outline: '2px solid rgba(255, 255, 255, 0.9)',
              pointerEvents: 'none',
            }}
          />
        </div>
      </Box>
      <Text id="image-cropper-help" size="xs" c="dimmed">
        {t('imageCropper.help')}
      </Text>
      <Group gap="sm" wrap="nowrap" align="center">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('imageCropper.zoomOut')}
          onClick={() => zoomBy(1 / ZOOM_STEP)}
          disabled={crop.zoom <= lowest + 1e-6}
        >
          <IconZoomOut size={18} />
        </ActionIcon>
        <Slider
          style={{ flex: 1 }}
          min={lowest}
          max={MAX_ZOOM}
          step={0.01}
          value={crop.zoom}
          onChange={(zoom) => onCrop((state) => zoomCrop(size, output, state, zoom))}
          label={null}
          thumbLabel={t('imageCropper.zoom')}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('imageCropper.zoomIn')}
          onClick={() => zoomBy(ZOOM_STEP)}
          disabled={crop.zoom >= MAX_ZOOM - 1e-6}
        >
          <IconZoomIn size={18} />
        </ActionIcon>
      </Group>
      <Group gap="sm" align="center">
        <Text size="xs" c="dimmed">
          {t('imageCropper.preview')}
        </Text>
        <div
          data-testid="image-cropper-preview"
          style={{
            position: 'relative',
            overflow: 'hidden',
            ...previewSize,
            borderRadius: round ? '50%' : 4,
            border: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <img src={source.url} alt="" draggable={false} style={imageStyle} />
        </div>
      </Group>
    </Stack>
  );
}
