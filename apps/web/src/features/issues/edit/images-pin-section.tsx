import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconMapPin, IconPhotoPlus } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resizePhotoForQueue } from '../../../lib/offline/resize-image.ts';
import {
  imageFileProblem,
  imageFromFile,
  moveImage,
  withMarkup,
  type FormImage,
} from './form-images-model.ts';
import type { FormPin } from './issue-form-model.ts';
import { RemoveButton } from '../../../components/row-actions.tsx';

// The markup editor (Konva) loads only when the form shows an image to pin.
const PinEditor = lazy(async () => ({ default: (await import('./pin-editor.tsx')).PinEditor }));

/**
 * The issue's images (upload, title, order) and its location pin (spec core §5), placed with the markup
 * editor's pin tool over one of the images.
 */
export function ImagesPinSection({
  images,
  pin,
  onImages,
  onPin,
  error,
}: {
  images: readonly FormImage[];
  pin: FormPin | null;
  onImages: (images: FormImage[]) => void;
  onPin: (pin: FormPin | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(['issue', 'errors']);
  const [refused, setRefused] = useState<string[]>([]);
  // Clearing the pin starts the editor afresh, without the pin it placed.
  const [resets, setResets] = useState(0);
  const urls = useRef(new Set<string>());
  // The pin editor's code is fetched as the form opens, so the service worker keeps it: a photo taken once the
  // network has gone can still get its pin (issue 34).
  useEffect(() => {
    void import('./pin-editor.tsx').catch(() => undefined);
  }, []);
  useEffect(() => {
    const created = urls.current;
    return () => created.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  const pinImage = images.find((i) => i.key === pin?.imageKey) ?? null;
  const [target, setTarget] = useState<string | null>(pinImage?.key ?? images[0]?.key ?? null);
  const shown = images.find((i) => i.key === target) ?? images[0] ?? null;
  const add = async (chosen: File[]) => {
    const problems: string[] = [];
    const added: FormImage[] = [];
    // Offline, a photo is made smaller before it waits in the outbox (issue 34), and so before a pin is placed
    // on it: the pin's point is in the pixels of the picture that is sent.
    const files = navigator.onLine ? chosen : await Promise.all(chosen.map(resizePhotoForQueue));
    for (const file of files) {
      const problem = imageFileProblem(file);
      if (problem) {
        problems.push(`${file.name}: ${t(`errors:${problem}`)}`);
        continue;
      }
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      added.push(imageFromFile(file, url));
    }
    setRefused(problems);
    if (added.length > 0) {
      onImages([...images, ...added]);
      if (!shown) setTarget(added[0]?.key ?? null);
    }
  };
  const remove = (key: string) => {
    onImages(images.filter((i) => i.key !== key));
    if (pin?.imageKey === key) onPin(null);
    if (target === key) setTarget(images.find((i) => i.key !== key)?.key ?? null);
  };
  return (
    <Stack gap="sm" data-testid="images-pin-section">
      <Input.Wrapper label={t('images.title')} description={t('images.hint')}>
        <Stack gap={6} mt={6}>
          {images.map((image, index) => (
            <Group key={image.key} gap={6} wrap="nowrap" data-testid="form-image">
              <Image src={image.url} alt={image.title} w={56} h={42} fit="cover" radius="sm" />
              <TextInput
                style={{ flex: 1 }}
                size="xs"
                aria-label={t('images.titleN', { n: index + 1 })}
                value={image.title}
                onChange={(event) => {
                  const title = event.currentTarget.value;
                  onImages(images.map((i) => (i.key === image.key ? { ...i, title } : i)));
                }}
              />
              <ActionIcon
                variant="subtle"
                aria-label={t('images.up')}
                disabled={index === 0}
                onClick={() => onImages(moveImage(images, image.key, -1))}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('images.down')}
                disabled={index === images.length - 1}
                onClick={() => onImages(moveImage(images, image.key, 1))}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              <RemoveButton label={t('images.remove')} onClick={() => remove(image.key)} iconSize={14} />
            </Group>
          ))}
          <FileButton
            onChange={(files) => void add(files)}
            accept="image/png,image/jpeg,image/gif,image/webp"
            multiple
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconPhotoPlus size={14} />}
                style={{ alignSelf: 'flex-start' }}
                data-testid="add-images"
              >
                {t('images.add')}
              </Button>
            )}
          </FileButton>
          {refused.map((problem) => (
            <Text key={problem} size="xs" c="red" role="alert">
              {problem}
            </Text>
          ))}
        </Stack>
      </Input.Wrapper>
      <Input.Wrapper label={t('location.title')} required error={error} description={t('location.hint')}>
        <Stack gap={6} mt={6}>
          {images.length > 1 && (
            <Radio.Group value={shown?.key ?? null} onChange={setTarget} aria-label={t('location.image')}>
              <Group gap="sm">
                {images.map((image, index) => (
                  <Radio
                    key={image.key}
                    value={image.key}
                    label={image.title || t('images.titleN', { n: index + 1 })}
                  />
                ))}
              </Group>
            </Radio.Group>
          )}
          {shown ? (
            <Suspense fallback={<Text size="sm">{t('loading')}</Text>}>
              <PinEditor
                key={`${shown.key}:${resets}`}
                src={shown.url}
                initialPin={pin && pin.imageKey === shown.key ? pin : null}
                initialMarkUp={shown.markUp}
                onPin={(point) => onPin({ ...point, imageKey: shown.key })}
                onMarkup={(markUp, markedUp) =>
                  onImages(images.map((i) => (i.key === shown.key ? withMarkup(i, markUp, markedUp) : i)))
                }
              />
            </Suspense>
          ) : (
            <Alert variant="light" color="gray" icon={<IconMapPin size={16} />}>
              {t('location.needImage')}
            </Alert>
          )}
          {pin && (
            <Group gap={6} data-testid="form-pin">
              <IconMapPin size={16} color="var(--mantine-color-red-filled)" />
              <Text size="sm">
                {pinImage
                  ? t('location.pinOn', { title: pinImage.title, x: Math.round(pin.x), y: Math.round(pin.y) })
                  : t('location.pinAt', { x: Math.round(pin.x), y: Math.round(pin.y) })}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => {
                  onPin(null);
                  setResets((n) => n + 1);
                }}
              >
                {t('location.clear')}
              </Button>
            </Group>
          )}
        </Stack>
      </Input.Wrapper>
    </Stack>
  );
}
