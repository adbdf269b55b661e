import { ActionIcon, Anchor, Box, Center, Group, Image, Paper, Stack, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconExternalLink,
  IconPhotoOff,
} from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isAudio,
  nextIndex,
  orderedAttachments,
  previousIndex,
  typeOfAttachment,
  type Attachment,
} from './attachment-model.ts';

/**
 * The attachment carousel (editor §3.3, §4.5): one attachment at a time, wrapping around at both ends, with
 * arrow keys when focused. Images and GIFs are shown, media plays, anything else offers a link.
 */
export function AttachmentsCarousel({
  attachments,
  height = 320,
}: {
  attachments: readonly Attachment[];
  height?: number;
}) {
  const { t } = useTranslation('issue');
  const items = orderedAttachments(attachments);
  const [current, setCurrent] = useState(0);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-attachments">
        {t('attachments.none')}
      </Text>
    );
  }
  const index = Math.min(current, items.length - 1);
  const item = items[index] as Attachment;
  const previous = () => setCurrent(previousIndex(index, items.length));
  const next = () => setCurrent(nextIndex(index, items.length));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
    else return;
    event.preventDefault();
  };
  return (
    <Stack
      gap={6}
      tabIndex={0}
      onKeyDown={onKeyDown}
      role="region"
      aria-roledescription={t('attachments.carousel')}
      aria-label={t('attachments.title')}
      data-testid="attachments-carousel"
    >
      <Paper withBorder radius="sm" pos="relative" h={height} style={{ overflow: 'hidden' }}>
        <AttachmentPreview key={item.key} attachment={item} height={height} />
        {items.length > 1 && (
          <>
            <NavButton side="left" label={t('attachments.previous')} onClick={previous} />
            <NavButton side="right" label={t('attachments.next')} onClick={next} />
          </>
        )}
      </Paper>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" truncate data-testid="attachment-title">
          {item.title ?? t('attachments.untitled')}
        </Text>
        <Text size="xs" c="dimmed" data-testid="attachment-position" style={{ flexShrink: 0 }}>
          {t('attachments.position', { current: index + 1, total: items.length })}
        </Text>
      </Group>
    </Stack>
  );
}

function NavButton({ side, label, onClick }: { side: 'left' | 'right'; label: string; onClick: () => void }) {
  const Icon = side === 'left' ? IconChevronLeft : IconChevronRight;
  return (
    <ActionIcon
      variant="default"
      radius="xl"
      size="lg"
      aria-label={label}
      onClick={onClick}
      style={{ position: 'absolute', top: '50%', transform: 'translateY(-50%)', [side]: 8 }}
    >
      <Icon size={18} />
    </ActionIcon>
  );
}

/** One attachment by its type; a file that cannot be shown becomes a link. */
export function AttachmentPreview({ attachment, height }: { attachment: Attachment; height: number }) {
  const { t } = useTranslation('issue');
  const [failed, setFailed] = useState(false);
  const type = typeOfAttachment(attachment);
  const name = attachment.title ?? attachment.original;
  const src = attachment.markedUp ?? attachment.original;
  if (type === 'other' || (failed && type !== 'media')) {
    return (
      <Center h={height} data-testid="attachment-unavailable">
        <Stack align="center" gap={4}>
          <IconPhotoOff size={32} />
          <Text size="sm">{t('attachments.unavailable')}</Text>
          <Anchor href={attachment.original} target="_blank" rel="noreferrer" size="sm">
            <Group gap={4} wrap="nowrap">
              <IconExternalLink size={14} />
              {t('attachments.open', { name })}
            </Group>
          </Anchor>
        </Stack>
      </Center>
    );
  }
  if (type === 'media') {
    if (failed) {
      return (
        <Center h={height} data-testid="attachment-media-fallback">
          <Stack align="center" gap={4}>
            <Text size="sm">{t('attachments.unsupportedMedia')}</Text>
            <Anchor href={attachment.original} download target="_blank" rel="noreferrer" size="sm">
              <Group gap={4} wrap="nowrap">
                <IconDownload size={14} />
                {t('attachments.download', { name })}
              </Group>
            </Anchor>
          </Stack>
        </Center>
      );
    }
    if (isAudio(attachment.title ?? attachment.original)) {
      return (
        <Center h={height}>
          <audio
            controls
            src={attachment.original}
            onError={() => setFailed(true)}
            data-testid="attachment-audio"
          />
        </Center>
      );
    }
    return (
      <Box h={height} bg="black">
        <video
          controls
          src={attachment.original}
          onError={() => setFailed(true)}
          style={{ width: '100%', height: '100%' }}
          data-testid="attachment-video"
        >
          <a href={attachment.original} download>
            {t('attachments.download', { name })}
          </a>
        </video>
      </Box>
    );
  }
  return (
    <Image
      src={src}
      alt={name}
      h={height}
      fit="contain"
      onError={() => setFailed(true)}
      data-testid={type === 'gif' ? 'attachment-gif' : 'attachment-image'}
    />
  );
}
