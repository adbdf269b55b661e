import { useCallback, useEffect, useState } from 'react';
import { Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import {
  connectedApplications,
  revokeConnectedApplication,
  type ConnectedApplication,
} from './oauth-consent-api.ts';
import { LoadingCenter } from '../../components/loading.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { RevokeButton } from '../../components/row-actions.tsx';
import { ConfirmActions } from '../../components/confirm-actions.tsx';

/**
 * /workspace/user/connectedApps: the BCF applications the person allowed through the OAuth2 consent screen
 * (docs/api-bcf.md), when they were allowed and last used; Revoke (after a confirmation) deletes their grants
 * and tokens on the server.
 */
export function ConnectedAppsPage() {
  const { t } = useTranslation('oauth');
  const navigate = useNavigate();
  const [apps, setApps] = useState<ConnectedApplication[] | null>(null);
  const [revoking, setRevoking] = useState<ConnectedApplication | null>(null);
  const load = useAsyncAction();
  const revoke = useAsyncAction();
  const { run: runLoad } = load;
  const reload = useCallback(
    () =>
      void runLoad(async () => {
        setApps(await connectedApplications());
      }),
    [runLoad],
  );
  useEffect(reload, [reload]);
  const name = (app: ConnectedApplication) => app.clientName ?? t('unnamedClient');

  const onRevoke = () =>
    void revoke.run(async () => {
      if (!revoking) return;
      await revokeConnectedApplication(revoking.clientId);
      setRevoking(null);
      reload();
    });

  return (
    <SettingsLayout title={t('connectedApps.title')} onClose={() => void navigate('/workspace/home')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('connectedApps.intro')}
        </Text>
        <FormError error={load.error} />
        {apps === null && load.busy && <LoadingCenter />}
        {apps?.length === 0 && (
          <Text ta="center" c="dimmed" py="lg" data-testid="connected-apps-empty">
            {t('connectedApps.empty')}
          </Text>
        )}
        {apps && apps.length > 0 && <AppsTable apps={apps} name={name} onRevoke={setRevoking} />}
      </Stack>
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('connectedApps.revokeTitle')}
        centered
      >
        <Stack gap="sm">
          <Text>{t('connectedApps.revokeWarning', { name: revoking ? name(revoking) : '' })}</Text>
          <FormError error={revoke.error} />
          <ConfirmActions
            cancelLabel={t('connectedApps.cancel')}
            onCancel={() => setRevoking(null)}
            confirmLabel={t('connectedApps.confirmRevoke')}
            onConfirm={onRevoke}
            busy={revoke.busy}
            testId="connected-apps-confirm"
            danger
          />
        </Stack>
      </Modal>
    </SettingsLayout>
  );
}

function AppsTable({
  apps,
  name,
  onRevoke,
}: {
  apps: ConnectedApplication[];
  name: (app: ConnectedApplication) => string;
  onRevoke: (app: ConnectedApplication) => void;
}) {
  const { t, i18n } = useTranslation('oauth');
  const date = (value: string) =>
    new Date(value).toLocaleString(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <DataTable
      minWidth={560}
      highlightOnHover
      testId="connected-apps-table"
      heads={[
        t('connectedApps.application'),
        t('connectedApps.grantedAt'),
        t('connectedApps.lastUsedAt'),
        <VisuallyHidden>{t('connectedApps.actions')}</VisuallyHidden>,
      ]}
    >
      {apps.map((app) => (
        <Table.Tr key={app.clientId}>
          <Table.Td>{name(app)}</Table.Td>
          <Table.Td>{date(app.grantedAt)}</Table.Td>
          <Table.Td>{app.lastUsedAt ? date(app.lastUsedAt) : t('connectedApps.never')}</Table.Td>
          <Table.Td>
            <RevokeButton
              label={t('connectedApps.revoke')}
              ariaLabel={t('connectedApps.revokeLabel', { name: name(app) })}
              onClick={() => onRevoke(app)}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
