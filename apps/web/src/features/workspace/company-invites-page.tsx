import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useClient, useQuery } from 'urql';
import { canInCompany, invitableCompanyRoles } from '@obra/domain';
import { useSession } from '../../app/guards/session-context.ts';
import { ownCompanyActor } from '../company/company-permissions.ts';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import {
  CompanyMemberInviteLinkDocument,
  CompanyMemberInvitesDocument,
  InviteCompanyMemberDocument,
  ResendCompanyMemberInviteDocument,
  type CompanyMemberInvitesQuery,
} from '../../gql/generated.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import { LoadingCenter } from '../../components/loading.tsx';
import { DataTable } from '../../components/data-table.tsx';

type SentInvite = CompanyMemberInvitesQuery['companyMemberInvites'][number];

const STATUS_COLORS: Record<string, string> = {
  pending: 'blue',
  accepted: 'teal',
  rejected: 'gray',
  expired: 'orange',
};

/** /workspace/company/members: company administrators and managers invite people and follow the invitations. */
export function CompanyInvitesPage() {
  const { t } = useTranslation('workspace');
  const { user } = useSession();
  const client = useClient();
  const navigate = useNavigate();
  const actor = ownCompanyActor(user);
  const canInvite = canInCompany(actor, 'company.inviteMembers');
  const [list, refetch] = useQuery({ query: CompanyMemberInvitesDocument, pause: !canInvite });
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const invite = useAsyncAction();
  if (!user || !canInvite) return <Navigate to="/workspace/home" replace />;

  const onInvite = (email: string, role: string) =>
    void invite.run(async () => {
      const result = await client.mutation(InviteCompanyMemberDocument, { email, role }).toPromise();
      if (result.error) throw result.error;
      setInviting(false);
      notifications.show({ color: 'teal', message: t('companyInvites.sent', { email }) });
      refetch({ requestPolicy: 'network-only' });
    });
  const needle = search.trim().toLowerCase();
  const invites = (list.data?.companyMemberInvites ?? []).filter(
    (i) => !needle || i.email.toLowerCase().includes(needle),
  );

  return (
    <SettingsLayout
      title={t('companyInvites.title')}
      onClose={() => void navigate('/workspace/home')}
      search={{ value: search, onChange: setSearch, placeholder: t('companyInvites.search') }}
      primary={{ label: t('companyInvites.invite'), onClick: () => setInviting(true) }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('companyInvites.intro', { company: user.company?.name ?? '' })}
        </Text>
        <FormError error={list.error} />
        {list.fetching && !list.data && <LoadingCenter />}
        {list.data && invites.length === 0 && (
          <Text ta="center" c="dimmed" py="lg" data-testid="company-invites-empty">
            {needle ? t('companyInvites.noMatch') : t('companyInvites.empty')}
          </Text>
        )}
        {invites.length > 0 && (
          <SentInvitesTable invites={invites} onChanged={() => refetch({ requestPolicy: 'network-only' })} />
        )}
      </Stack>
      <InviteMemberDialog
        key={inviting ? 'open' : 'closed'}
        opened={inviting}
        adminEmail={user.email}
        roles={invitableCompanyRoles(actor)}
        busy={invite.busy}
        error={invite.error}
        onClose={() => setInviting(false)}
        onInvite={onInvite}
      />
    </SettingsLayout>
  );
}

function SentInvitesTable({ invites, onChanged }: { invites: SentInvite[]; onChanged: () => void }) {
  const { t, i18n } = useTranslation('workspace');
  const client = useClient();
  const [busyId, setBusyId] = useState<number | null>(null);
  const date = (value: string) => new Date(value).toLocaleDateString(i18n.resolvedLanguage);
  const act = async (id: number, work: () => Promise<void>) => {
    setBusyId(id);
    try {
      await work();
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      setBusyId(null);
    }
  };
  const resend = (invite: SentInvite) =>
    act(invite.id, async () => {
      const result = await client
        .mutation(ResendCompanyMemberInviteDocument, { inviteId: invite.id })
        .toPromise();
      if (result.error) throw result.error;
      notifications.show({ color: 'teal', message: t('companyInvites.resent', { email: invite.email }) });
      onChanged();
    });
  const copyLink = (invite: SentInvite) =>
    act(invite.id, async () => {
      const result = await client.query(CompanyMemberInviteLinkDocument, { inviteId: invite.id }).toPromise();
      if (result.error) throw result.error;
      if (!result.data) return;
      await navigator.clipboard.writeText(result.data.companyMemberInviteLink);
      notifications.show({ color: 'teal', message: t('companyInvites.linkCopied') });
    });
  return (
    <DataTable
      minWidth={720}
      highlightOnHover
      testId="company-invites-table"
      heads={[
        t('companyInvites.email'),
        t('companyInvites.role'),
        t('companyInvites.status'),
        t('companyInvites.expiresAt'),
        t('companyInvites.actions'),
      ]}
    >
      {invites.map((invite) => (
        <Table.Tr key={invite.id}>
          <Table.Td>{invite.email}</Table.Td>
          <Table.Td>{t(`roles.${invite.role}`, { defaultValue: invite.role })}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={STATUS_COLORS[invite.status] ?? 'gray'}>
              {t(`companyInvites.statuses.${invite.status}`, { defaultValue: invite.status })}
            </Badge>
          </Table.Td>
          <Table.Td>{date(invite.expiresAt)}</Table.Td>
          <Table.Td>
            {(invite.status === 'pending' || invite.status === 'expired') && (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  variant="subtle"
                  loading={busyId === invite.id}
                  onClick={() => void resend(invite)}
                >
                  {t('companyInvites.resend')}
                </Button>
                {invite.status === 'pending' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    disabled={busyId === invite.id}
                    onClick={() => void copyLink(invite)}
                  >
                    {t('companyInvites.copyLink')}
                  </Button>
                )}
              </Group>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
