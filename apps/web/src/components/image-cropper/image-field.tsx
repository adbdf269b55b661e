import { useEffect, useRef, useState } from 'react';
import { Avatar, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProfileImageKind } from '@obra/domain';
import { ConfirmActions } from '../confirm-actions.tsx';
import { ImageCropper, isAvatarKind } from './image-cropper.tsx';
import { KEEP_IMAGE, type ImageChoice } from './upload-profile-image.ts';

/** The image an ImageField shows for a choice: the new crop, nothing once removed, else the current one. */
export function shownImage(current: string | null | undefined, value: ImageChoice): string | null {
  if (value.state === 'new') return value.url;
  if (value.state === 'remove') return null;
  return current ?? null;
}

/**
 * A profile image in a form (editor §5.3): the current image (or initials), "Change" (the cropper) and "Remove"
 * (after a confirmation). Nothing is sent until the form is saved: the field only yields an ImageChoice, which the
 * form turns into the owner's argument with useProfileImageUpload.
 */
export function ImageField({
  kind,
  label,
  name,
  current,
  value,
  onChange,
  readOnly = false,
  uploading = false,
  testId = 'image-field',
}: {
  kind: ProfileImageKind;
  label: string;
  /** Whose image it is, for the initials shown without one. */
  name: string;
  /** The saved image's URL. */
  current: string | null | undefined;
  value: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  readOnly?: boolean;
  /** True while the form uploads the new image. */
  uploading?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const [cropping, setCropping] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const shown = shownImage(current, value);
  const busy = readOnly || uploading;

  // A replaced crop's object URL is released (the last one stays until the page goes: a few kilobytes).
  const lastUrl = useRef<string | null>(null);
  useEffect(() => {
    const url = value.state === 'new' ? value.url : null;
    if (lastUrl.current && lastUrl.current !== url) URL.revokeObjectURL(lastUrl.current);
    lastUrl.current = url;
  }, [value]);

  const remove = () => {
    setConfirmingRemoval(false);
    onChange(current ? { state: 'remove' } : KEEP_IMAGE);
  };

  return (
    <Stack gap={6} data-testid={testId} data-state={value.state}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="md" wrap="wrap" align="center">
        <Box pos="relative">
          <ImagePreview kind={kind} src={shown} name={name} label={label} />
          {uploading && (
            <Box
              pos="absolute"
              inset={0}
              display="flex"
              style={{
                alignItems: 'center',
                justifyContent: 'center',
                background: 'rgba(255, 255, 255, 0.6)',
                borderRadius: isAvatarKind(kind) ? '50%' : 4,
              }}
            >
              <Loader size="sm" />
            </Box>
          )}
        </Box>
        {!readOnly && (
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPhotoUp size={14} />}
              onClick={() => setCropping(true)}
              disabled={busy}
            >
              {t('imageField.change')}
            </Button>
            {shown && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => setConfirmingRemoval(true)}
                disabled={busy}
              >
                {t('imageField.remove')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {uploading ? (
        <Text size="xs" c="dimmed" role="status">
          {t('imageField.uploading')}
        </Text>
      ) : (
        value.state !== 'keep' && (
          <Text size="xs" c="dimmed" data-testid={`${testId}-pending`}>
            {t(value.state === 'new' ? 'imageField.pendingNew' : 'imageField.pendingRemove')}
          </Text>
        )
      )}
      <ImageCropper
        opened={cropping}
        kind={kind}
        title={label}
        onClose={() => setCropping(false)}
        onConfirm={(choice) => {
          setCropping(false);
          onChange(choice);
        }}
      />
      <Modal
        opened={confirmingRemoval}
        onClose={() => setConfirmingRemoval(false)}
        title={t('imageField.removeTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('imageField.removeMessage')}</Text>
          <ConfirmActions
            cancelLabel={t('imageField.cancel')}
            onCancel={() => setConfirmingRemoval(false)}
            confirmLabel={t('imageField.remove')}
            onConfirm={remove}
            busy={false}
            danger
            autoFocus
          />
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The image at its display size, or the owner's initials: a circle for avatars, a 4:1 band for logos. */
export function ImagePreview({
  kind,
  src,
  name,
  label,
}: {
  kind: ProfileImageKind;
  src: string | null;
  name: string;
  label: string;
}) {
  if (isAvatarKind(kind)) {
    return (
      <Avatar
        src={src}
        name={name}
        alt={label}
        color="initials"
        size={80}
        radius={kind === 'USER_PHOTO' ? 'xl' : 'md'}
        data-testid="image-field-preview"
      />
    );
  }
  return <LogoImage src={src} name={name} label={label} height={50} testId="image-field-preview" />;
}

/**
 * A company's 4:1 logo at a given height (its width follows), or the company's initials in a band of the same
 * size when it has none.
 */
export function LogoImage({
  src,
  name,
  label,
  height,
  testId,
}: {
  src: string | null | undefined;
  name: string;
  label?: string;
  height: number;
  testId?: string;
}) {
  const box = {
    width: height * 4,
    height,
    borderRadius: 4,
    border: '1px solid var(--mantine-color-default-border)',
  };
  if (src) {
    return (
      <img
        src={src}
        alt={label ?? name}
        width={height * 4}
        height={height}
        data-testid={testId}
        style={{ ...box, objectFit: 'contain', display: 'block' }}
      />
    );
  }
  return (
    <Avatar
      name={name}
      color="initials"
      radius="sm"
      aria-label={label ?? name}
      data-testid={testId}
      style={{ ...box, minWidth: box.width }}
    />
  );
}
