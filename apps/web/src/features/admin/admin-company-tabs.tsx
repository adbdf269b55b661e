import { Button, Card, Center, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import {
  AdminCompanyMembersDocument,
  AdminCompanyProjectsDocument,
  AdminSetCompanyMemberAiAssistantDocument,
  SetCompanyDriveEnabledDocument,
} from '../../gql/generated.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { FormError } from '../../components/form-error.tsx';
import { CompanyMembersTable } from '../company/company-members-table.tsx';
import { CompanyProfileView } from '../company/company-profile-fields.tsx';
import { CompanyProjectList } from '../company/company-project-list.tsx';
import { adminProjectSetupPath } from './admin-paths.ts';
import { useAdminCompany } from './admin-company-page.tsx';
import { useCompanyForm } from './use-company-form.tsx';
import { AdminDriveTrialEnd } from './admin-drive-trial.tsx';

function Loading({ error, fetching }: { error: unknown; fetching: boolean }) {
  const { t } = useTranslation('common');
  return (
    <>
      <FormError error={error} />
      {fetching && (
        <Center>
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </>
  );
}

/** /admin/company/{companyId}/profile: the company's profile, edited in the admin company form. */
export function AdminCompanyProfileTab() {
  const { t } = useTranslation('admin');
  const { company, reload } = useAdminCompany();
  const form = useCompanyForm(reload);
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconPencil size={16} />}
          onClick={() => form.openEdit(company)}
          data-testid="admin-company-edit"
        >
          {t('companies.edit')}
        </Button>
      </Group>
      <CompanyProfileView profile={company} />
      <AdminCompanyDrive />
      {form.dialog}
    </Stack>
  );
}

/** The company's drive plan (editor §9): its trial's state, and the switch that lifts the trial limit. */
function AdminCompanyDrive() {
  const { t } = useTranslation('admin');
  const { company, reload } = useAdminCompany();
  const [saving, setEnabled] = useMutation(SetCompanyDriveEnabledDocument);
  const plan = company.drivePlan;
  const state =
    plan.state === 'trial'
      ? t('company.drive.state.trial', { count: plan.daysLeft ?? 0 })
      : t(`company.drive.state.${plan.state}`, { defaultValue: plan.state });
  return (
    <Card withBorder data-testid="admin-company-drive">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>{t('company.drive.title')}</Title>
          <Text size="sm" data-testid="admin-company-drive-state">
            {state}
          </Text>
        </Group>
        <Switch
          checked={plan.state === 'enabled'}
          disabled={saving.fetching}
          label={t('company.drive.enabled')}
          description={t('company.drive.enabledHint')}
          data-testid="admin-company-drive-enabled"
          onChange={async (event) => {
            const result = await setEnabled({ companyId: company.id, enabled: event.currentTarget.checked });
            if (result.error) return showErrorToast(t, result.error);
            notifications.show({ color: 'green', message: t('company.drive.saved') });
            reload();
          }}
        />
        {plan.state !== 'enabled' && (
          <AdminDriveTrialEnd companyId={company.id} endsAt={plan.endsAt ?? null} onChanged={reload} />
        )}
      </Stack>
    </Card>
  );
}

/**
 * /admin/company/{companyId}/members: the members and their roles, read-only, except the AI assistant, which
 * platform admins turn on and off per member as company admins do.
 */
export function AdminCompanyMembersTab() {
  const { t } = useTranslation(['admin', 'company']);
  const { company } = useAdminCompany();
  const [query, refetch] = useQuery({
    query: AdminCompanyMembersDocument,
    variables: { companyId: company.id },
  });
  const [setAi, runSetAi] = useMutation(AdminSetCompanyMemberAiAssistantDocument);
  const members = query.data?.adminCompanyMembers;
  const changeAi = async (userId: number, enabled: boolean) => {
    const result = await runSetAi({ companyId: company.id, userId, enabled });
    if (result.error) showErrorToast(t, result.error);
    else refetch({ requestPolicy: 'network-only' });
  };
  return (
    <Stack gap="sm">
      <Loading error={query.error} fetching={query.fetching && !members} />
      {members && members.length === 0 && (
        <Text ta="center" c="dimmed" py="lg">
          {t('company.noMembers')}
        </Text>
      )}
      {members && members.length > 0 && (
        <CompanyMembersTable
          members={members}
          busyId={setAi.fetching ? (setAi.operation?.variables.userId ?? null) : null}
          onAiChange={(member, enabled) => void changeAi(member.id, enabled)}
        />
      )}
    </Stack>
  );
}

/** /admin/company/{companyId}/projects: the company's projects, read-only. */
export function AdminCompanyProjectsTab() {
  const { t } = useTranslation('admin');
  const { company } = useAdminCompany();
  const [query] = useQuery({ query: AdminCompanyProjectsDocument, variables: { companyId: company.id } });
  const projects = query.data?.adminCompanyProjects;
  return (
    <Stack gap="sm">
      <Loading error={query.error} fetching={query.fetching && !projects} />
      {projects && projects.length === 0 && (
        <Text ta="center" c="dimmed" py="lg">
          {t('company.noProjects')}
        </Text>
      )}
      {projects && projects.length > 0 && (
        <CompanyProjectList projects={projects} linkTo={adminProjectSetupPath} />
      )}
    </Stack>
  );
}
