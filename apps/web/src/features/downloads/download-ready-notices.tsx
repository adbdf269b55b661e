import { useEffect, useRef } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClient, useSubscription } from 'urql';
import { useSession } from '../../app/guards/session-context.ts';
import {
  AcknowledgeDownloadsDocument,
  MyDownloadReadyDocument,
  type MyDownloadReadySubscription,
} from '../../gql/generated.ts';

type Ready = MyDownloadReadySubscription['myDownloadReady'];

/**
 * The notices of a signed-in person who accepted the policies, on every page (the root layout holds it: the
 * workspace, the project pages and the admin area have frames of their own).
 */
export function SessionDownloadNotices() {
  const { user } = useSession();
  if (!user?.acceptedPolicies) return null;
  return <DownloadReadyNotices key={user.id} />;
}

/**
 * "Your download is ready" (issue 33): while a page of Obra is open, each preparation of the person's that
 * ends (a zip, an export, a report, a BCF export) is told at once with a link to Downloads, and the server is told
 * it was seen, so that no e-mail follows (the e-mail is for the person who left).
 */
export function DownloadReadyNotices() {
  const { t } = useTranslation('workspace');
  const client = useClient();
  const navigate = useNavigate();
  const [event] = useSubscription({ query: MyDownloadReadyDocument });
  const shown = useRef(new Set<string>());
  const ready: Ready | undefined = event.data?.myDownloadReady;
  useEffect(() => {
    if (!ready || shown.current.has(ready.id)) return;
    shown.current.add(ready.id);
    const failed = ready.status !== 'completed';
    const file = ready.fileName ?? t(`downloads.kinds.${ready.kind}Short`, { defaultValue: ready.kind });
    notifications.show({
      id: `download-${ready.id}`,
      color: failed ? 'red' : 'green',
      autoClose: 10_000,
      title: failed ? t('downloads.ready.failedTitle') : t('downloads.ready.title'),
      message: (
        <Stack gap={2} data-testid="download-ready-notice" data-status={ready.status}>
          <Text size="sm">{t('downloads.ready.message', { file, project: ready.projectName })}</Text>
          <Anchor
            href="/workspace/downloads"
            size="sm"
            onClick={(click) => {
              // The toasts live outside the router: the link navigates with the workspace's router.
              click.preventDefault();
              notifications.hide(`download-${ready.id}`);
              void navigate('/workspace/downloads');
            }}
          >
            {t('downloads.ready.open')}
          </Anchor>
        </Stack>
      ),
    });
    void client.mutation(AcknowledgeDownloadsDocument, { ids: [ready.id] }).toPromise();
  }, [ready, client, t, navigate]);
  return null;
}
