import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFile, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

const THUMB = 36;

/**
 * The preview of a row: the thumbnail made by a job (images, prepared PDFs), or an icon of its type (a photo while
 * an image's thumbnail is still pending).
 */
export function FileThumb(props: {
  file: { thumbnailUrl?: string | null; extension?: string | null; processingState?: string | null };
  testId: string;
}) {
  const { file } = props;
  const box = {
    width: THUMB,
    height: THUMB,
    flex: 'none',
    borderRadius: 4,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: 'var(--mantine-color-default-hover)',
  } as const;
  if (file.thumbnailUrl)
    return (
      <img
        src={file.thumbnailUrl}
        alt=""
        width={THUMB}
        height={THUMB}
        loading="lazy"
        data-testid={props.testId}
        style={{ ...box, objectFit: 'cover' }}
      />
    );
  const Icon =
    file.extension === 'pdf' ? IconFileTypePdf : file.processingState === 'pending' ? IconPhoto : IconFile;
  return (
    <div style={box} aria-hidden>
      <Icon size={20} stroke={1.5} />
    </div>
  );
}

/** A list's loading and load-failure states, with a retry, in the list's own namespace (`drive` or `files`). */
export function ListLoadStates(props: {
  ns: 'drive' | 'files';
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation(props.ns);
  return (
    <>
      {props.failed && (
        <Alert color="red" data-testid={`${props.ns}-load-error`}>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t(`${props.ns}:loadError`)}</Text>
            <Button size="xs" variant="default" onClick={props.onRetry}>
              {t(`${props.ns}:retry`)}
            </Button>
          </Group>
        </Alert>
      )}
      {props.loading && !props.failed && (
        <Center p="xl">
          <Loader aria-label={t(`${props.ns}:loading`)} />
        </Center>
      )}
    </>
  );
}

/** What a list says when it has no files, with a way back to all of them when a search or filter hid them. */
export function EmptyFiles(props: {
  testId: string;
  message: string;
  clearLabel: string;
  /** Clears the search or filters; absent when there is none. */
  onClear: (() => void) | null;
}) {
  return (
    <Center p="xl" data-testid={props.testId}>
      <Stack gap="xs" align="center">
        <Text c="dimmed" ta="center">
          {props.message}
        </Text>
        {props.onClear && (
          <Button size="xs" variant="default" onClick={props.onClear}>
            {props.clearLabel}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

/**
 * The files of a list as virtual rows of one height: only the rows in view are drawn. `isSelected`, where given,
 * marks the chosen rows (aria-selected and the highlight); `children` draws a row's content.
 */
export function VirtualFileList<T extends { id: number }>(props: {
  scroller: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  files: readonly T[];
  rowHeight: number;
  label: string;
  testId: string;
  rowTestId: string;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  isSelected?: (file: T) => boolean;
  children: (file: T) => ReactNode;
}) {
  const { virtualizer, files, rowHeight, isSelected } = props;
  return (
    <div
      ref={props.scroller}
      style={{ flex: 1, minHeight: 300, overflow: 'auto' }}
      role="list"
      aria-label={props.label}
      data-testid={props.testId}
      onKeyDown={props.onKeyDown}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const file = files[row.index];
          if (!file) return null;
          return (
            <div
              key={file.id}
              role="listitem"
              data-testid={props.rowTestId}
              data-index={row.index}
              aria-selected={isSelected?.(file)}
              style={{ position: 'absolute', top: row.start, height: rowHeight, left: 0, right: 0 }}
            >
              <Group
                gap="sm"
                wrap="nowrap"
                h={rowHeight}
                px="xs"
                bg={isSelected?.(file) ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                {props.children(file)}
              </Group>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** A row's name, a button that opens its versions, over its details (`meta`, the non-empty ones joined by ·). */
export function FileRowName(props: {
  name: string;
  meta: readonly (string | null | false | undefined)[];
  testId: string;
  onOpen: () => void;
}) {
  return (
    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
      <Anchor
        component="button"
        size="sm"
        ta="left"
        truncate="end"
        onClick={props.onOpen}
        data-testid={props.testId}
      >
        {props.name}
      </Anchor>
      <Text size="xs" c="dimmed" truncate="end">
        {props.meta.filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}
