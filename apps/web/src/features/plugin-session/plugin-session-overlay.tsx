import { Alert, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { MEDIA } from '../../app/theme.ts';
import { ProjectDataDocument } from '../../gql/generated.ts';
import { toUiError } from '../../lib/api-errors.ts';
import { BimViewer, preloadViewerEngine, type FollowedViewpoint } from '../bim/bim-viewer.tsx';
import { NO_ACCESS_CODES } from '../bim/bim-viewer-page.tsx';
import { followPluginSession, openPluginSession, type OpenedPluginSession } from './plugin-session-api.ts';

/**
 * How often the open overlay asks for the plugin's viewpoint. Polling, not a subscription: one primary-key read
 * of a small row, only while an overlay is open in a visible tab, and the plugin's camera moves at a person's
 * pace (docs/plugins.md "Plugin sessions", why polling).
 */
export const FOLLOW_INTERVAL_MS = 2000;

type Failure = 'expired' | 'notFound' | 'noAccess' | 'loadError';

function failureOf(error: unknown): Failure {
  const { code } = toUiError(error);
  if (code === 'PLUGIN_SESSION_EXPIRED') return 'expired';
  if (code === 'PLUGIN_SESSION_NOT_FOUND') return 'notFound';
  return NO_ACCESS_CODES.has(code) ? 'noAccess' : 'loadError';
}

/** Asks for the plugin's viewpoint every FOLLOW_INTERVAL_MS while the tab is visible; stops when it ends. */
function useFollowedViewpoint(
  sessionId: string,
  opened: OpenedPluginSession | null,
  onEnded: (failure: Failure) => void,
): FollowedViewpoint | null {
  const [followed, setFollowed] = useState<FollowedViewpoint | null>(null);
  useEffect(() => {
    if (!opened) return;
    setFollowed({ viewpoint: opened.viewpoint, version: opened.version });
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (!document.hidden) {
        try {
          const next = await followPluginSession(sessionId);
          if (stopped) return;
          setFollowed((previous) =>
            previous?.version === next.version
              ? previous
              : { viewpoint: next.viewpoint, version: next.version },
          );
        } catch (error) {
          if (stopped) return;
          const failure = failureOf(error);
          // Ended by the plugin, or expired: said in the overlay. Anything else (offline a moment) asks again.
          if (failure === 'expired' || failure === 'notFound') {
            onEnded('expired');
            return;
          }
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), FOLLOW_INTERVAL_MS);
    };
    timer = setTimeout(() => void tick(), FOLLOW_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, opened, onEnded]);
  return followed;
}

/**
 * The BIM model viewer over the current screen for a plugin session (docs/plugins.md "Plugin sessions"): the
 * session's models at the plugin's viewpoint, following it while the plugin moves; an issue created here carries
 * the plugin's viewpoint. Full screen on phones; closed with its close button (or Escape).
 */
export function PluginSessionOverlay({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const { t } = useTranslation(['bim', 'enums']);
  const phone = useMediaQuery(MEDIA.mobile) ?? false;
  const [opened, setOpened] = useState<OpenedPluginSession | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(preloadViewerEngine, []);
  useEffect(() => {
    let cancelled = false;
    setOpened(null);
    setFailure(null);
    openPluginSession(sessionId).then(
      (session) => !cancelled && setOpened(session),
      (error: unknown) => !cancelled && setFailure(failureOf(error)),
    );
    return () => {
      cancelled = true;
    };
  }, [sessionId]);
  const followed = useFollowedViewpoint(sessionId, opened, setFailure);
  const [projectAnswer] = useQuery({
    query: ProjectDataDocument,
    variables: { projectId: opened?.projectId ?? 0 },
    pause: !opened,
  });
  const project = projectAnswer.data?.projectData ?? null;
  const shown = failure ?? (projectAnswer.error ? failureOf(projectAnswer.error) : null);
  const ready = opened?.models.filter((m) => m.processingState === 'success') ?? [];
  const waiting = opened?.models.filter((m) => m.processingState !== 'success') ?? [];

  let body;
  if (shown) {
    const message = {
      expired: t('pluginSession.expired'),
      notFound: t('pluginSession.notFound'),
      noAccess: t('errors.noAccess'),
      loadError: t('errors.loadError'),
    }[shown];
    body = (
      <Alert
        color={shown === 'expired' ? 'yellow' : 'red'}
        data-testid="plugin-session-error"
        data-failure={shown}
      >
        {message}
      </Alert>
    );
  } else if (!opened || !project || !followed) {
    body = (
      <Center h="50vh">
        <Group gap="sm">
          <Loader size="sm" />
          <Text data-testid="plugin-session-loading">{t('pluginSession.loading')}</Text>
        </Group>
      </Center>
    );
  } else {
    body = (
      <Stack
        gap="xs"
        h={phone ? 'calc(100dvh - 80px)' : 'calc(100vh - 160px)'}
        data-testid="plugin-session-viewer"
      >
        <Text size="sm" c="dimmed">
          {t('pluginSession.following')}
        </Text>
        {waiting.map((m) => (
          <Alert key={m.fileId} color={m.processingState === 'failed' ? 'red' : 'blue'} py={6}>
            {t('pluginSession.notReady', { name: m.fileName, state: t(`state.${m.processingState}`) })}
          </Alert>
        ))}
        {ready.length === 0 ? (
          <Alert color="blue">{t('pluginSession.noModel')}</Alert>
        ) : (
          <BimViewer
            project={project}
            followed={followed}
            sources={ready.map((m) => ({
              fileId: m.fileId,
              documentId: m.documentId,
              disciplineId: m.disciplineId,
              label: `${m.fileName} (${m.revisionName})`,
              bounds: m.bounds ?? null,
            }))}
          />
        )}
      </Stack>
    );
  }

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone}
      size={phone ? '100%' : 'calc(100vw - 48px)'}
      title={t('pluginSession.title')}
      closeButtonProps={{ 'aria-label': t('pluginSession.close') }}
      transitionProps={{ duration: 0 }}
      data-testid="plugin-session-overlay"
    >
      {body}
    </Modal>
  );
}
