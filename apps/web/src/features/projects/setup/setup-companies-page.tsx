import { useEffect, useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import {
  CreateProjectCompanyInviteDocument,
  DeleteProjectCompanyDocument,
  DeleteProjectCompanyInviteDocument,
  ProjectCompaniesSetupDocument,
  SetProjectCompanyRoleAndDisciplinesDocument,
  UpdateProjectCompanyInviteDocument,
} from '../../../gql/generated.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useProject } from '../project-context.ts';
import { CompanyInviteDialog } from './company-invite-dialog.tsx';
import { CompanyRows, type CompanyRow } from './company-rows.tsx';
import { ConfirmDialog, SetupScreen, TypedConfirmDialog, useSetupAction } from './setup-common.tsx';
import { PROJECT_ACTIVE } from '../project-sections.ts';
import { LoadingCenter } from '../../../components/loading.tsx';

type Dialog =
  { kind: 'invite' } | { kind: 'edit'; row: CompanyRow } | { kind: 'remove'; row: CompanyRow } | null;

/** setup/companies: participating companies, pending invites, and inviting a company with a role and disciplines. */
export function SetupCompaniesPage() {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const client = useClient();
  const action = useSetupAction();
  const [data, refetch] = useQuery({
    query: ProjectCompaniesSetupDocument,
    variables: { projectId: project.id },
  });
  // "Configure now" opens the invite at once on its invites step (?invite=1).
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const inviteNow = params.get('invite') === '1' && project.permissions.canManageCompanies;
  useEffect(() => {
    if (inviteNow) setDialog({ kind: 'invite' });
  }, [inviteNow]);
  const canWrite = project.permissions.canManageCompanies && project.status === PROJECT_ACTIVE;
  const info = data.data?.projectCompanies;
  const roles = (data.data?.systemRoles ?? []).filter((r) => r.type === 'project');
  const disciplines = info?.disciplines ?? [];
  const rows: CompanyRow[] = [
    ...(info?.companies ?? []).map((c): CompanyRow => ({
      ...c,
      pending: false,
      disciplinesId: c.disciplines,
    })),
    ...(info?.pendingInvites ?? []).map((i): CompanyRow => ({ ...i, pending: true })),
  ];
  const run = async (work: () => Promise<{ error?: unknown }>) => {
    const done = await action.run(work);
    if (done) {
      setDialog(null);
      refetch({ requestPolicy: 'network-only' });
    }
  };
  const remove = (row: CompanyRow) =>
    void run(() =>
      row.pending
        ? client
            .mutation(DeleteProjectCompanyInviteDocument, {
              projectId: project.id,
              companyId: row.company.id,
            })
            .toPromise()
        : client
            .mutation(DeleteProjectCompanyDocument, { projectId: project.id, companyId: row.company.id })
            .toPromise(),
    );

  return (
    <SetupScreen
      section="companies"
      canWrite={project.permissions.canManageCompanies}
      primary={{ label: t('companies.invite'), onClick: () => setDialog({ kind: 'invite' }) }}
    >
      <FormError error={data.error} />
      {data.fetching && !data.data && <LoadingCenter />}
      {info && (
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('companies.participants')}
            </Title>
            <CompanyRows
              rows={rows.filter((r) => !r.pending)}
              disciplines={disciplines}
              canWrite={canWrite}
              onEdit={(row) => setDialog({ kind: 'edit', row })}
              onRemove={(row) => setDialog({ kind: 'remove', row })}
              testId="project-companies"
            />
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('companies.pending')}
            </Title>
            {rows.some((r) => r.pending) ? (
              <CompanyRows
                rows={rows.filter((r) => r.pending)}
                disciplines={disciplines}
                canWrite={canWrite}
                onEdit={(row) => setDialog({ kind: 'edit', row })}
                onRemove={(row) => setDialog({ kind: 'remove', row })}
                testId="project-pending-invites"
              />
            ) : (
              <Text size="sm" c="dimmed" data-testid="pending-invites-empty">
                {t('companies.noPending')}
              </Text>
            )}
          </Stack>
        </Stack>
      )}
      {(dialog?.kind === 'invite' || dialog?.kind === 'edit') && (
        <CompanyInviteDialog
          opened
          title={dialog.kind === 'invite' ? t('companies.inviteTitle') : t('companies.editTitle')}
          fixedCompany={dialog.kind === 'edit' ? dialog.row.company : undefined}
          initial={
            dialog.kind === 'edit'
              ? {
                  companyId: dialog.row.company.id,
                  projectRoleId: dialog.row.role.id,
                  allDisciplines: dialog.row.allDisciplines,
                  disciplinesId: dialog.row.disciplinesId,
                }
              : { companyId: null, projectRoleId: null, allDisciplines: false, disciplinesId: [] }
          }
          roles={roles}
          disciplines={disciplines}
          excluded={new Set(rows.map((r) => r.company.id).concat(project.company.id))}
          busy={action.busy}
          onClose={() => setDialog(null)}
          onSubmit={(value) => {
            const variables = { projectId: project.id, ...value };
            if (dialog.kind === 'invite')
              void run(() => client.mutation(CreateProjectCompanyInviteDocument, variables).toPromise());
            else if (dialog.row.pending)
              void run(() => client.mutation(UpdateProjectCompanyInviteDocument, variables).toPromise());
            else
              void run(() =>
                client.mutation(SetProjectCompanyRoleAndDisciplinesDocument, variables).toPromise(),
              );
          }}
        />
      )}
      {dialog?.kind === 'remove' && dialog.row.pending && (
        <ConfirmDialog
          opened
          title={t('companies.withdrawTitle')}
          message={t('companies.withdrawMessage', { name: dialog.row.company.name })}
          confirmLabel={t('companies.withdraw')}
          danger
          busy={action.busy}
          onConfirm={() => remove(dialog.row)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'remove' && !dialog.row.pending && (
        <TypedConfirmDialog
          opened
          title={t('companies.removeTitle')}
          message={t('companies.removeMessage', { name: dialog.row.company.name })}
          word={t('companies.removeWord')}
          busy={action.busy}
          onConfirm={() => remove(dialog.row)}
          onClose={() => setDialog(null)}
        />
      )}
    </SetupScreen>
  );
}
