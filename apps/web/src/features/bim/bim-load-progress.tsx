import { Box, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadProgress } from './bim-api.ts';

/** Where one model of the viewer is in its loading. */
export type ModelLoadStage = 'waiting' | 'downloading' | 'opening' | 'shown';

export interface ModelLoad {
  fileId: number;
  label: string;
  stage: ModelLoadStage;
  received: number;
  total: number | null;
  /** How far the fragments worker is in opening it (0 to 1). */
  opening: number;
}

/** The stages of the fragments worker's loading (`LoadProgressEvent.stage`), in order. */
const OPENING_STAGES = ['decompressing', 'parsing', 'generating', 'done'] as const;

/** The fraction of a model's opening from the fragments worker's progress event. */
export function openingFraction(stage: string, progress: number): number {
  const index = OPENING_STAGES.indexOf(stage as (typeof OPENING_STAGES)[number]);
  if (index < 0) return 0;
  if (index === OPENING_STAGES.length - 1) return 1;
  return Math.min(1, (index + Math.max(0, Math.min(1, progress))) / (OPENING_STAGES.length - 1));
}

/**
 * The loading state of the viewer's models, outside React's state so that a download's many progress steps
 * redraw the progress panel only (not the viewer, its spatial trees included).
 */
export class ModelLoadStore {
  private loads: ModelLoad[] = [];
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): ModelLoad[] => this.loads;

  reset(models: { fileId: number; label: string }[]): void {
    this.loads = models.map(({ fileId, label }) => ({
      fileId,
      label,
      stage: 'waiting',
      received: 0,
      total: null,
      opening: 0,
    }));
    this.emit();
  }

  update(fileId: number, patch: Partial<Omit<ModelLoad, 'fileId' | 'label'>>): void {
    this.loads = this.loads.map((load) => (load.fileId === fileId ? { ...load, ...patch } : load));
    this.emit();
  }

  /** A download's progress, reported at most once per percent (or per 256 KB when its size is unknown). */
  downloaded(fileId: number, progress: DownloadProgress): void {
    const load = this.loads.find((l) => l.fileId === fileId);
    if (!load) return;
    const step = progress.total ? progress.total / 100 : 256 * 1024;
    const done = progress.total !== null && progress.received >= progress.total;
    if (load.stage === 'downloading' && !done && progress.received - load.received < step) return;
    this.update(fileId, { stage: 'downloading', received: progress.received, total: progress.total });
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

function megabytes(bytes: number): string {
  return (bytes / 1e6).toFixed(1);
}

/** The models' loading, one row each: waiting, downloading (with its share and size), opening, shown. */
export function ModelLoadPanel({ store }: { store: ModelLoadStore }) {
  const { t } = useTranslation('bim');
  const loads = useSyncExternalStore(store.subscribe, store.get);
  if (loads.length === 0 || loads.every((l) => l.stage === 'shown')) return null;
  const shown = loads.filter((l) => l.stage === 'shown').length;
  return (
    <Paper
      withBorder
      shadow="xs"
      p="xs"
      pos="absolute"
      bottom={8}
      left={8}
      w={280}
      maw="calc(100% - 16px)"
      data-testid="bim-load-progress"
      role="status"
      aria-live="polite"
      style={{ zIndex: 2 }}
    >
      <Text size="xs" fw={600} mb={4}>
        {t('loading.title', { shown, count: loads.length })}
      </Text>
      <Stack gap={6}>
        {loads.map((load) => {
          const value =
            load.stage === 'shown'
              ? 100
              : load.stage === 'opening'
                ? Math.max(5, load.opening * 100)
                : load.total
                  ? (100 * load.received) / load.total
                  : 0;
          return (
            <Box key={load.fileId} data-testid="bim-load-model" data-stage={load.stage}>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text size="xs" truncate>
                  {load.label}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {load.stage === 'downloading'
                    ? load.total
                      ? t('loading.downloading', {
                          received: megabytes(load.received),
                          total: megabytes(load.total),
                        })
                      : t('loading.downloadingUnknown', { received: megabytes(load.received) })
                    : t(`loading.${load.stage}`)}
                </Text>
              </Group>
              <Progress
                size="xs"
                value={value}
                color={load.stage === 'shown' ? 'green' : load.stage === 'opening' ? 'teal' : 'blue'}
                animated={load.stage === 'opening'}
                aria-label={load.label}
              />
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
