import { useState } from 'react';
import { Code, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClient, useQuery } from 'urql';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import {
  AccessKeysDocument,
  CreateAccessKeyDocument,
  RevokeAccessKeyDocument,
  type AccessKeysQuery,
} from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import {
  AccessKeySecretDialog,
  CreateAccessKeyDialog,
  RevokeAccessKeyDialog,
} from './access-key-dialogs.tsx';
import { LoadingCenter } from '../../components/loading.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { RevokeButton } from '../../components/row-actions.tsx';

type AccessKey = AccessKeysQuery['accessKeys'][number];

/** /workspace/user/accessKeys: keys for integrations and BI tools; the secret is shown once at creation. */
export function AccessKeysPage() {
  const { t } = useTranslation('account');
  const client = useClient();
  const navigate = useNavigate();
  const [list, refetch] = useQuery({ query: AccessKeysDocument });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ keyId: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<AccessKey | null>(null);
  const create = useAsyncAction();
  const revoke = useAsyncAction();
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const onCreate = (name: string, expiresAt: string | null) =>
    void create.run(async () => {
      const result = await client.mutation(CreateAccessKeyDocument, { name, expiresAt }).toPromise();
      if (result.error) throw result.error;
      if (!result.data) return;
      setCreating(false);
      setCreated({
        keyId: result.data.createAccessKey.accessKey.keyId,
        secret: result.data.createAccessKey.secret,
      });
      reload();
    });
  const onRevoke = () =>
    void revoke.run(async () => {
      if (!revoking) return;
      const result = await client.mutation(RevokeAccessKeyDocument, { id: revoking.id }).toPromise();
      if (result.error) throw result.error;
      setRevoking(null);
      reload();
    });
  const keys = list.data?.accessKeys ?? [];

  return (
    <SettingsLayout
      title={t('accessKeys.title')}
      onClose={() => void navigate('/workspace/home')}
      primary={{ label: t('accessKeys.create'), onClick: () => setCreating(true) }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('accessKeys.intro')}
        </Text>
        <FormError error={list.error} />
        {list.fetching && !list.data && <LoadingCenter />}
        {list.data && keys.length === 0 && (
          <Text ta="center" c="dimmed" py="lg" data-testid="access-keys-empty">
            {t('accessKeys.empty')}
          </Text>
        )}
        {keys.length > 0 && <AccessKeyTable keys={keys} onRevoke={setRevoking} />}
      </Stack>
      <CreateAccessKeyDialog
        key={creating ? 'open' : 'closed'}
        opened={creating}
        busy={create.busy}
        error={create.error}
        onClose={() => setCreating(false)}
        onCreate={onCreate}
      />
      <AccessKeySecretDialog created={created} onClose={() => setCreated(null)} />
      <RevokeAccessKeyDialog
        key={revoking?.id ?? 'none'}
        keyName={revoking?.name ?? null}
        busy={revoke.busy}
        error={revoke.error}
        onClose={() => setRevoking(null)}
        onConfirm={onRevoke}
      />
    </SettingsLayout>
  );
}

function AccessKeyTable({ keys, onRevoke }: { keys: AccessKey[]; onRevoke: (key: AccessKey) => void }) {
  const { t, i18n } = useTranslation('account');
  const date = (value: string | null) =>
    value ? new Date(value).toLocaleDateString(i18n.resolvedLanguage) : t('accessKeys.never');
  return (
    <DataTable
      minWidth={640}
      highlightOnHover
      testId="access-keys-table"
      heads={[
        t('accessKeys.name'),
        t('accessKeys.keyId'),
        t('accessKeys.createdAt'),
        t('accessKeys.expiresAt'),
        t('accessKeys.lastUsedAt'),
        <VisuallyHidden>{t('accessKeys.actions')}</VisuallyHidden>,
      ]}
    >
      {keys.map((key) => (
        <Table.Tr key={key.id}>
          <Table.Td>{key.name}</Table.Td>
          <Table.Td>
            <Code>{key.keyId}</Code>
          </Table.Td>
          <Table.Td>{date(key.createdAt)}</Table.Td>
          <Table.Td>{date(key.expiresAt)}</Table.Td>
          <Table.Td>{key.lastUsedAt ? date(key.lastUsedAt) : t('accessKeys.unused')}</Table.Td>
          <Table.Td>
            <RevokeButton
              label={t('accessKeys.revoke')}
              ariaLabel={t('accessKeys.revokeLabel', { name: key.name })}
              onClick={() => onRevoke(key)}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
