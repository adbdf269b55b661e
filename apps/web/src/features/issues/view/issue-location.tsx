import { Box, Center, Group, Image, Loader, Paper, Text, Title } from '@mantine/core';
import { IconMapPin, IconMapPinFilled } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '@mantine/hooks';
import { MEDIA } from '../../../app/theme.ts';
import { parsePin } from '../edit/issue-form-model.ts';
import { orderedAttachments, type Attachment } from './attachment-model.ts';
import type { IssueScreen } from './use-issue-screen.ts';
import { BimPinLink } from '../../bim/bim-pin-link.tsx';

// The editor (Konva) is heavy: it loads only when an issue shows its pin over an image.
const PinnedImage = lazy(async () => ({ default: (await import('./pinned-image.tsx')).PinnedImage }));

/**
 * Where the issue is (spec core §5: a location pin): the pin over the image it was placed on when that image is
 * one of the issue's attachments, else the pin's position in words; BIM pins are counted.
 */
export function IssueLocation({
  screen,
  attachments,
}: {
  screen: IssueScreen;
  attachments: readonly Attachment[];
}) {
  const { t } = useTranslation('issue');
  const pin = useMemo(() => parsePin(screen.issue.pin), [screen.issue.pin]);
  const bimPins = Array.isArray(screen.issue.bimPins) ? screen.issue.bimPins.length : 0;
  const image = pin?.image ? orderedAttachments(attachments)[pin.image.index] : undefined;
  const mobile = useMediaQuery(MEDIA.mobile) ?? false;
  return (
    <Paper withBorder p="md" radius="md" data-testid="issue-location">
      <Title order={5} mb={6}>
        {t('location.title')}
      </Title>
      {pin && image && mobile && (
        <PinOverlayImage src={image.markedUp ?? image.original} pin={pin} title={image.title ?? ''} />
      )}
      {pin && image && !mobile && (
        <Suspense
          fallback={
            <Center h={320}>
              <Loader />
            </Center>
          }
        >
          <PinnedImage src={image.original} pin={pin} />
        </Suspense>
      )}
      {pin && (
        <Group gap={6} mt={image ? 'xs' : 0} data-testid="issue-pin">
          <IconMapPin size={16} color="var(--mantine-color-red-filled)" />
          <Text size="sm">
            {pin.image?.title
              ? t('location.pinOn', { title: pin.image.title, x: Math.round(pin.x), y: Math.round(pin.y) })
              : t('location.pinAt', { x: Math.round(pin.x), y: Math.round(pin.y) })}
          </Text>
        </Group>
      )}
      {pin?.image && !image && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('location.imageNotStored')}
        </Text>
      )}
      {bimPins > 0 && (
        <Text size="sm" mt={4}>
          {t('location.bimPins', { count: bimPins })}
        </Text>
      )}
      <BimPinLink
        projectId={screen.issue.projectId}
        issueId={screen.issue.id}
        bimPins={screen.issue.bimPins}
        viewpoints={screen.issue.viewpoints}
      />
      {!pin && bimPins === 0 && (
        <Text size="sm" c="dimmed">
          {t('location.none')}
        </Text>
      )}
    </Paper>
  );
}

/** On a phone: the picture at the screen's width with the pin drawn over it (no editor to load). */
function PinOverlayImage({ src, pin, title }: { src: string; pin: { x: number; y: number }; title: string }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  return (
    <Box pos="relative" data-testid="pin-overlay">
      <Image
        src={src}
        alt={title}
        onLoad={(e) =>
          setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
        }
      />
      {size && (
        <IconMapPinFilled
          size={28}
          color="var(--mantine-color-red-filled)"
          style={{
            position: 'absolute',
            left: `${(pin.x / size.width) * 100}%`,
            top: `${(pin.y / size.height) * 100}%`,
            transform: 'translate(-50%, -100%)',
          }}
        />
      )}
    </Box>
  );
}
