import { Alert, Box, Button, Center, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkupEditor, type MarkupEditorHandle } from '../../editor/canvas/markup-editor.tsx';
import { loadMarkup } from '../../editor/model/markup-schema.ts';
import { shapeCount } from '../../editor/model/markup-model.ts';
import { toUiError } from '../../lib/api-errors.ts';
import type { RenderedPage } from './sheet-source.ts';
import type { MarkupSave, ViewerMarkup } from './viewer-api.ts';

/** An issue a markup may be shared with (one the user sees). */
export interface ShareIssue {
  readonly id: number;
  readonly code: string;
  readonly title: string;
}

const PRIVATE = 'private';
/** How long typing pauses before the issues are searched (ms). */
const SEARCH_DELAY = 250;

/** The pixels per page unit a markup is drawn at: its own, or the page bitmap's for a new one. */
export function markupScale(page: RenderedPage, markup: ViewerMarkup | null): number {
  return markup?.scale ?? page.canvas.width / page.width;
}

/** The page as a picture at `scale` pixels per page unit, for the editor's background (an object URL). */
function useSheetPicture(page: RenderedPage, scale: number): string | 'error' | null {
  const [url, setUrl] = useState<string | 'error' | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    const width = Math.max(1, Math.round(page.width * scale));
    const height = Math.max(1, Math.round(page.height * scale));
    let source = page.canvas;
    if (source.width !== width || source.height !== height) {
      source = document.createElement('canvas');
      source.width = width;
      source.height = height;
      source.getContext('2d')?.drawImage(page.canvas, 0, 0, width, height);
    }
    source.toBlob((blob) => {
      if (!live) return;
      if (!blob) {
        setUrl('error');
        return;
      }
      made = URL.createObjectURL(blob);
      setUrl(made);
    }, 'image/png');
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [page, scale]);
  return url;
}

export interface MarkupDialogProps {
  readonly page: RenderedPage;
  /** The user's markup being changed, or null for a new one. */
  readonly markup: ViewerMarkup | null;
  readonly searchIssues: (text: string) => Promise<ShareIssue[]>;
  readonly onSave: (save: MarkupSave) => Promise<void>;
  readonly onClose: () => void;
}

/**
 * Markup mode of the viewer: the markup editor (its own toolbar, tools and panel) over the current page, and with
 * whom the markup is shared — only me, or an issue (then whoever sees that issue sees the markup).
 */
export function MarkupDialog(props: MarkupDialogProps) {
  const { t } = useTranslation(['viewer', 'errors']);
  const phone = useMediaQuery('(max-width: 48em)');
  const scale = markupScale(props.page, props.markup);
  const picture = useSheetPicture(props.page, scale);
  const handle = useRef<MarkupEditorHandle>(null);
  const images = useMemo(
    () => (typeof picture === 'string' && picture !== 'error' ? [{ src: picture }] : []),
    [picture],
  );
  const [target, setTarget] = useState<string>(
    props.markup?.issueId ? String(props.markup.issueId) : PRIVATE,
  );
  const [chosen, setChosen] = useState<ShareIssue | null>(
    props.markup?.issueId
      ? { id: props.markup.issueId, code: props.markup.issueCode ?? '', title: props.markup.issueTitle ?? '' }
      : null,
  );
  const chosenLabel = chosen ? issueLabel(chosen) : t('markups.private');
  const issues = useIssueSearch(props.searchIssues, chosenLabel);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const options = useMemo(() => {
    const found =
      chosen && !issues.found.some((i) => i.id === chosen.id) ? [chosen, ...issues.found] : issues.found;
    return [
      { value: PRIVATE, label: t('markups.private') },
      ...found.map((issue) => ({ value: String(issue.id), label: issueLabel(issue) })),
    ];
  }, [chosen, issues.found, t]);

  const save = async () => {
    const output = handle.current?.save();
    if (!output) return;
    if (shapeCount(loadMarkup(output.markUp).markup) === 0) {
      setProblem(t('markups.empty'));
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      await props.onSave({
        markUp: output.markUp,
        scale,
        issueId: target === PRIVATE ? null : Number(target),
      });
    } catch (error) {
      setProblem(t(`errors:${toUiError(error).code}`, { defaultValue: t('markups.saveError') }));
      setSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.markup ? t('markups.editTitle') : t('markups.newTitle')}
      size="95%"
      fullScreen={phone}
      centered
      // Escape belongs to the editor (it ends a drawing, clears the selection): Cancel closes.
      closeOnEscape={false}
    >
      <Stack gap="xs">
        <Box h={phone ? 'calc(100dvh - 260px)' : '65vh'} data-testid="viewer-markup-editor">
          {picture === null && (
            <Center h="100%">
              <Loader aria-label={t('loading')} />
            </Center>
          )}
          {picture === 'error' && (
            <Alert color="red" role="alert">
              {t('markups.pictureError')}
            </Alert>
          )}
          {images.length > 0 && (
            <MarkupEditor ref={handle} images={images} markUp={props.markup?.markUp} editing height="100%" />
          )}
        </Box>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('markups.share')}
            description={target === PRIVATE ? t('markups.privateHint') : t('markups.sharedHint')}
            data={options}
            value={target}
            allowDeselect={false}
            searchable
            filter={({ options: all }) => all}
            onSearchChange={issues.setText}
            nothingFoundMessage={issues.loading ? t('markups.searching') : t('markups.noIssues')}
            onChange={(value) => {
              if (!value) return;
              setTarget(value);
              setChosen(
                issues.found.find((i) => String(i.id) === value) ?? (value === PRIVATE ? null : chosen),
              );
            }}
            data-testid="markup-share"
            w={phone ? '100%' : 360}
          />
          <Group gap="xs" ml="auto">
            <Button variant="default" onClick={props.onClose}>
              {t('markups.cancel')}
            </Button>
            <Button
              onClick={() => void save()}
              loading={saving}
              disabled={images.length === 0}
              data-testid="markup-save"
            >
              {t('markups.save')}
            </Button>
          </Group>
        </Group>
        {issues.failed && (
          <Text size="xs" c="red">
            {t('markups.searchError')}
          </Text>
        )}
        {problem && (
          <Alert color="red" role="alert" p="xs" data-testid="markup-problem">
            {problem}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}

function issueLabel(issue: ShareIssue): string {
  return `${issue.code} · ${issue.title}`;
}

/**
 * The issues matching what is typed (the server's search over the issues the user sees), debounced. The box
 * showing the chosen option's label (on opening, after a choice) searches nothing: every issue is offered.
 */
function useIssueSearch(search: (text: string) => Promise<ShareIssue[]>, chosenLabel: string) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<ShareIssue[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      search(text === chosenLabel ? '' : text.trim()).then(
        (issues) => {
          if (!live) return;
          setFound(issues);
          setFailed(false);
          setLoading(false);
        },
        () => {
          if (!live) return;
          setFailed(true);
          setLoading(false);
        },
      );
    }, SEARCH_DELAY);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, text, chosenLabel]);
  return { found, loading, failed, setText };
}
