import {
  Anchor,
  Box,
  Button,
  Code,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import drawingLarge from '../assets/drawing-large.svg?url';
import drawingRevA from '../assets/drawing-rev-a.svg?url';
import drawingRevB from '../assets/drawing-rev-b.svg?url';
import type { MarkupOutput } from '../canvas/export-markup';
import { MarkupEditor, type MarkupEditorHandle } from '../canvas/markup-editor';
import type { EditorEventHandlers } from '../canvas/use-editor-controller';
import { serializeMarkup } from '../model/markup-schema';
import type { Pin } from '../model/markup-model';
import { encodeDocumentsParam } from './documents-param';
import { seedShapes } from './seed-shapes';

const SAMPLE_PINS: readonly Pin[] = [
  { id: '12', x: 420, y: 300, color: 'blue', originalPosition: { x: 420, y: 300 } },
  { id: '15', x: 1180, y: 720, color: 'grey', originalPosition: { x: 1180, y: 720 } },
];
const LARGE_PAGE = { width: 6000, height: 4000 };

/** The markup to open with: `?markup=` (JSON, for damaged-markup checks) or `?shapes=N` seeded shapes. */
function initialMarkup(params: URLSearchParams, large: boolean): unknown {
  const raw = params.get('markup');
  if (raw !== null) return raw;
  const count = Number(params.get('shapes') ?? 0);
  if (!Number.isFinite(count) || count <= 0) return undefined;
  return serializeMarkup(
    seedShapes(Math.min(count, 5000), large ? LARGE_PAGE : { width: 1600, height: 1000 }),
  );
}

function summarise(output: MarkupOutput): string {
  const { markedUpDataUrl, ...rest } = output;
  return JSON.stringify(
    { ...rest, markedUpDataUrl: `${markedUpDataUrl.slice(0, 32)}… (${markedUpDataUrl.length})` },
    null,
    2,
  );
}

/** Internal page (spec core §2 "/showroom"): the editor over a sample drawing and what saving returns. */
export function ShowroomEditorPage() {
  const { t } = useTranslation('editor');
  const [params] = useSearchParams();
  const large = params.get('drawing') === 'large';
  const compare = params.get('compare') === '1';
  const images = useMemo(
    () =>
      large
        ? [{ src: drawingLarge }]
        : compare
          ? [{ src: drawingRevA }, { src: drawingRevB }]
          : [{ src: drawingRevA }],
    [large, compare],
  );
  const markUp = useMemo(() => initialMarkup(params, large), [params, large]);
  const [editing, setEditing] = useState(params.get('editing') !== '0');
  const [output, setOutput] = useState<MarkupOutput | null>(null);
  const [log] = useState(createEventLog);
  const editor = useRef<MarkupEditorHandle>(null);
  const save = () => {
    const result = editor.current?.save();
    if (result) setOutput(result);
  };

  return (
    <Stack p="md" gap="sm">
      <Title order={2}>{t('showroom.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('showroom.intro')}
      </Text>
      <Group>
        <Switch
          label={t('showroom.editing')}
          checked={editing}
          onChange={(event) => setEditing(event.currentTarget.checked)}
        />
        <Button onClick={save}>{t('showroom.save')}</Button>
        <Anchor component={Link} to={COMPARE_LINK}>
          {t('showroom.openCompare')}
        </Anchor>
      </Group>
      <Paper withBorder h={620} style={{ overflow: 'hidden' }}>
        <MarkupEditor
          ref={editor}
          images={images}
          markUp={markUp}
          editing={editing}
          pins={SAMPLE_PINS}
          {...log.handlers}
        />
      </Paper>
      <OutputPanel output={output} log={log} />
    </Stack>
  );
}

const COMPARE_LINK = `/tools/compare-documents?documents=${encodeURIComponent(
  encodeDocumentsParam([
    { url: drawingRevA, title: 'Level 01 – rev A' },
    { url: drawingRevB, title: 'Level 01 – rev B' },
  ]),
)}`;

interface EventLog {
  readonly handlers: Required<EditorEventHandlers>;
  lines(): readonly string[];
  subscribe(listener: () => void): () => void;
}

/**
 * Every editor event as one line, newest last, for the e2e tests and for eyeballing. The log lives outside
 * React state so that logging a zoom step re-renders only the log, and in a transition, after the frame.
 */
function createEventLog(): EventLog {
  let lines: readonly string[] = [];
  const listeners = new Set<() => void>();
  const log = (name: string) => (payload: unknown) => {
    lines = [...lines.slice(-49), `${name} ${JSON.stringify(payload)}`];
    listeners.forEach((listener) => listener());
  };
  return {
    handlers: {
      onPinCreated: log('pinCreated'),
      onPinClicked: log('pinClicked'),
      onUserChangedViewpoint: log('userChangedViewpoint'),
      onBackgroundImageMoved: log('backgroundImageMoved'),
      onLinePosition: log('linePosition'),
    },
    lines: () => lines,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function EventLogView({ log }: { log: EventLog }) {
  const { t } = useTranslation('editor');
  const [lines, setLines] = useState(log.lines);
  useEffect(() => log.subscribe(() => startTransition(() => setLines(log.lines()))), [log]);
  return (
    <Code block data-testid="editor-events">
      {lines.length > 0 ? lines.join('\n') : t('showroom.noEvents')}
    </Code>
  );
}

function OutputPanel({ output, log }: { output: MarkupOutput | null; log: EventLog }) {
  const { t } = useTranslation('editor');
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Box>
        <Title order={4}>{t('showroom.output')}</Title>
        <Code block data-testid="editor-output">
          {output ? summarise(output) : t('showroom.nothingSaved')}
        </Code>
      </Box>
      <Box>
        <Title order={4}>{t('showroom.preview')}</Title>
        {output && (
          <Image
            data-testid="editor-output-image"
            src={output.markedUpDataUrl}
            alt={t('showroom.preview')}
            fit="contain"
            mah={300}
          />
        )}
      </Box>
      <Box>
        <Title order={4}>{t('showroom.events')}</Title>
        <EventLogView log={log} />
      </Box>
    </SimpleGrid>
  );
}
