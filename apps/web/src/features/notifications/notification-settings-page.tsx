import { useState } from 'react';
import { Alert, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClient, useQuery } from 'urql';
import { ISSUE_EMAIL_FREQUENCIES, PENDING_SUMMARY_FREQUENCIES } from '@obra/domain';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import {
  NotificationSettingsScreenDocument,
  SetNotificationSettingsDocument,
  SetProjectNotificationSettingsDocument,
  SubscribeDeviceDocument,
  UnsubscribeDeviceDocument,
  type NotificationSettingsInput,
} from '../../gql/generated.ts';
import {
  permissionBlocked,
  pushSupported,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from './device-push.ts';
import { SectionHeading } from '../../components/heading.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

const FOLLOW = 'follow';

/** /workspace/user/notifications (spec core §2, editor §1 and §9): device, e-mail frequencies and immediate e-mails. */
export function NotificationSettingsPage() {
  const { t } = useTranslation(['notifications', 'errors', 'common']);
  const navigate = useNavigate();
  const client = useClient();
  const [screen, refetch] = useQuery({ query: NotificationSettingsScreenDocument });
  const [blocked, setBlocked] = useState(permissionBlocked());
  const action = useAsyncAction();
  const settings = screen.data?.notificationSettings;
  const saved = () => notifications.show({ color: 'teal', message: t('saved') });

  const save = (input: NotificationSettingsInput) =>
    void action.run(async () => {
      const result = await client.mutation(SetNotificationSettingsDocument, { input }).toPromise();
      if (result.error) throw result.error;
      saved();
    });

  const setDevice = (enabled: boolean) =>
    void action.run(async () => {
      if (enabled && settings) {
        const subscription = await subscribeThisDevice(settings.pushPublicKey);
        if (subscription === 'blocked') {
          setBlocked(true);
          return;
        }
        if (subscription !== 'unsupported') {
          const result = await client.mutation(SubscribeDeviceDocument, subscription).toPromise();
          if (result.error) throw result.error;
        }
      } else {
        const endpoint = await unsubscribeThisDevice();
        if (endpoint) await client.mutation(UnsubscribeDeviceDocument, { endpoint }).toPromise();
      }
      setBlocked(false);
      const result = await client
        .mutation(SetNotificationSettingsDocument, { input: { deviceEnabled: enabled } })
        .toPromise();
      if (result.error) throw result.error;
      saved();
    });

  const saveProject = (projectId: number, field: 'issueEmails' | 'pendingSummary', value: string) =>
    void action.run(async () => {
      const current = settings?.projects.find((p) => p.projectId === projectId);
      const next = {
        projectId,
        issueEmails: current?.issueEmails ?? null,
        pendingSummary: current?.pendingSummary ?? null,
        [field]: value === FOLLOW ? null : value,
      };
      const result = await client.mutation(SetProjectNotificationSettingsDocument, next).toPromise();
      if (result.error) throw result.error;
      refetch({ requestPolicy: 'network-only' });
      saved();
    });

  const issueOptions = ISSUE_EMAIL_FREQUENCIES.map((f) => ({ value: f, label: t(`frequency.${f}`) }));
  const pendingOptions = PENDING_SUMMARY_FREQUENCIES.map((f) => ({ value: f, label: t(`frequency.${f}`) }));
  const follow = { value: FOLLOW, label: t('projects.follow') };

  return (
    <SettingsLayout title={t('title')} onClose={() => void navigate('/workspace/home')}>
      <FormError error={screen.error ?? action.error} />
      {screen.fetching && !settings && <LoadingCenter />}
      {settings && (
        <Stack gap="lg" maw={720}>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('device.title')}
            </Title>
            <Switch
              label={t('device.label')}
              description={pushSupported() ? t('device.description') : t('device.unsupported')}
              checked={settings.deviceEnabled}
              disabled={action.busy}
              onChange={(e) => setDevice(e.currentTarget.checked)}
              data-testid="notifications-device"
            />
            {blocked && (
              <Alert color="orange" data-testid="notifications-blocked">
                {t('errors:NOTIFICATION_PERMISSION_BLOCKED')}
              </Alert>
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('email.title')}
            </Title>
            <Select
              label={t('email.issueEmails')}
              description={t('email.issueEmailsHelp')}
              data={issueOptions}
              value={settings.issueEmails}
              allowDeselect={false}
              onChange={(value) => value && save({ issueEmails: value })}
              maw={360}
              data-testid="notifications-issue-emails"
            />
            <Select
              label={t('email.pendingSummary')}
              description={t('email.pendingSummaryHelp')}
              data={pendingOptions}
              value={settings.pendingSummary}
              allowDeselect={false}
              onChange={(value) => value && save({ pendingSummary: value })}
              maw={360}
              data-testid="notifications-pending-summary"
            />
          </Stack>
          <Stack gap="xs">
            <SectionHeading title={t('immediate.title')} intro={t('immediate.intro')} order={3} size="h5" />
            <Switch
              label={t('immediate.mention')}
              checked={settings.immediateMention}
              onChange={(e) => save({ immediateMention: e.currentTarget.checked })}
            />
            <Switch
              label={t('immediate.assigned')}
              checked={settings.immediateAssigned}
              onChange={(e) => save({ immediateAssigned: e.currentTarget.checked })}
            />
            <Switch
              label={t('immediate.comment')}
              checked={settings.immediateComment}
              onChange={(e) => save({ immediateComment: e.currentTarget.checked })}
            />
          </Stack>
          <Stack gap="xs">
            <SectionHeading title={t('projects.title')} intro={t('projects.intro')} order={3} size="h5" />
            {(screen.data?.workspaceProjects.length ?? 0) === 0 ? (
              <Text c="dimmed">{t('projects.empty')}</Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('projects.project')}</Table.Th>
                      <Table.Th>{t('email.issueEmails')}</Table.Th>
                      <Table.Th>{t('email.pendingSummary')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {screen.data?.workspaceProjects.map((p) => {
                      const o = settings.projects.find((x) => x.projectId === p.id);
                      return (
                        <Table.Tr key={p.id}>
                          <Table.Td>{p.name}</Table.Td>
                          <Table.Td>
                            <Select
                              aria-label={`${t('email.issueEmails')} · ${p.name}`}
                              data={[follow, ...issueOptions]}
                              value={o?.issueEmails ?? FOLLOW}
                              allowDeselect={false}
                              onChange={(v) => v && saveProject(p.id, 'issueEmails', v)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Select
                              aria-label={`${t('email.pendingSummary')} · ${p.name}`}
                              data={[follow, ...pendingOptions]}
                              value={o?.pendingSummary ?? FOLLOW}
                              allowDeselect={false}
                              onChange={(v) => v && saveProject(p.id, 'pendingSummary', v)}
                            />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Stack>
      )}
    </SettingsLayout>
  );
}
