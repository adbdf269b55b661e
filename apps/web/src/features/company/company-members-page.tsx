import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClient, useQuery } from 'urql';
import { canInCompany } from '@obra/domain';
import { useSession } from '../../app/guards/session-context.ts';
import { SettingsLayout } from '../../components/settings-layout/settings-layout.tsx';
import {
  CompanyMembersDocument,
  RemoveCompanyMemberDocument,
  SetCompanyMemberRoleDocument,
  SetCompanyMemberAiAssistantDocument,
  type CompanyMemberFieldsFragment,
} from '../../gql/generated.ts';
import { toUiError } from '../../lib/api-errors.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { CompanyInvitesPage } from '../workspace/company-invites-page.tsx';
import { ownCompanyActor } from './company-permissions.ts';
import { CompanyMembersTable, memberName } from './company-members-table.tsx';
import { AiCompanyUsage } from '../ai/ai-company-usage.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

/**
 * /workspace/company/members: everyone sees the members and their roles; company administrators change roles and
 * remove members (typed confirmation); administrators and managers, below, send and follow invitations.
 */
export function CompanyMembersPage() {
  const { t } = useTranslation('company');
  const { user } = useSession();
  const client = useClient();
  const navigate = useNavigate();
  const isAdmin = canInCompany(ownCompanyActor(user), 'company.manageMembers');
  const canInvite = canInCompany(ownCompanyActor(user), 'company.inviteMembers');
  const [list, refetch] = useQuery({ query: CompanyMembersDocument });
  const [search, setSearch] = useState('');
  const [busyId, setBusyId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<CompanyMemberFieldsFragment | null>(null);
  const remove = useAsyncAction();
  const reload = () => refetch({ requestPolicy: 'network-only' });

  const changeRole = async (member: CompanyMemberFieldsFragment, role: string) => {
    setBusyId(member.id);
    try {
      const result = await client
        .mutation(SetCompanyMemberRoleDocument, { userId: member.id, role })
        .toPromise();
      if (result.error) throw result.error;
      notifications.show({
        color: 'teal',
        message: t('members.roleChanged', { name: memberName(member), role: t(`roles.${role}`) }),
      });
    } catch (error) {
      // The last administrator cannot lose the role (server INVALID_ACTION).
      if (toUiError(error).code === 'INVALID_ACTION') {
        notifications.show({ color: 'red', title: t('common:error'), message: t('members.lastAdmin') });
      } else showErrorToast(t, error);
    } finally {
      setBusyId(null);
      reload();
    }
  };
  const changeAi = async (member: CompanyMemberFieldsFragment, enabled: boolean) => {
    setBusyId(member.id);
    try {
      const result = await client
        .mutation(SetCompanyMemberAiAssistantDocument, { userId: member.id, enabled })
        .toPromise();
      if (result.error) throw result.error;
      notifications.show({
        color: 'teal',
        message: t(enabled ? 'members.aiEnabled' : 'members.aiDisabled', { name: memberName(member) }),
      });
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      setBusyId(null);
      reload();
    }
  };
  const confirmRemove = () => {
    if (!removing) return;
    const member = removing;
    void remove
      .run(async () => {
        const result = await client.mutation(RemoveCompanyMemberDocument, { userId: member.id }).toPromise();
        if (result.error) throw result.error;
      })
      .then((ok) => {
        if (!ok) return;
        setRemoving(null);
        notifications.show({ color: 'teal', message: t('members.removed', { name: memberName(member) }) });
        reload();
      });
  };

  const needle = search.trim().toLowerCase();
  const members = (list.data?.companyMembers ?? []).filter(
    (m) => !needle || memberName(m).toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle),
  );
  return (
    <Stack gap="xl">
      <SettingsLayout
        title={t('members.title')}
        onClose={() => void navigate('/workspace/home')}
        search={{ value: search, onChange: setSearch, placeholder: t('members.search') }}
      >
        <Stack gap="sm">
          <FormError error={list.error} />
          {list.fetching && !list.data && <LoadingCenter />}
          {list.data && members.length === 0 && (
            <Text ta="center" c="dimmed" py="lg" data-testid="company-members-empty">
              {needle ? t('members.noMatch') : t('members.empty')}
            </Text>
          )}
          {members.length > 0 && (
            <CompanyMembersTable
              members={members}
              busyId={busyId}
              onRoleChange={isAdmin ? (member, role) => void changeRole(member, role) : undefined}
              onAiChange={isAdmin ? (member, enabled) => void changeAi(member, enabled) : undefined}
              onRemove={
                isAdmin
                  ? (member) => {
                      remove.setError(null);
                      setRemoving(member);
                    }
                  : undefined
              }
            />
          )}
          {isAdmin && <AiCompanyUsage />}
        </Stack>
      </SettingsLayout>
      {canInvite && <CompanyInvitesPage />}
      <RemoveMemberDialog
        key={removing?.id ?? 'none'}
        opened={removing !== null}
        name={removing ? memberName(removing) : ''}
        busy={remove.busy}
        error={remove.error}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </Stack>
  );
}
