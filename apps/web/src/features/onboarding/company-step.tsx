import { useState, type FormEvent } from 'react';
import { Button, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { nextStep, safeRedirectPath } from '../../app/guards/route-guards.ts';
import { useSession, type LoggedUser } from '../../app/guards/session-context.ts';
import {
  AcceptCompanyInviteDocument,
  CreateCompanyDocument,
  MyCompanyInvitesDocument,
  RejectCompanyInviteDocument,
} from '../../gql/generated.ts';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { TextField } from '../../components/text-field.tsx';
import { CompanyInvites, type CompanyInvite } from './company-invites.tsx';
import { LoadingCenter } from '../../components/loading.tsx';

/** /onboarding/company: join a company through a pending invite, or create one (the user becomes its admin). */
export function CompanyStep() {
  const { t } = useTranslation('onboarding');
  const session = useSession();
  const client = useClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [invites, refetchInvites] = useQuery({ query: MyCompanyInvitesDocument });
  const [busyId, setBusyId] = useState<number | null>(null);
  const inviteAction = useAsyncAction();

  const enter = async (user: LoggedUser) => {
    session.setUser(user);
    await navigate(nextStep(user, safeRedirectPath(params.get('redirect'))), { replace: true });
  };
  const accept = (invite: CompanyInvite) => {
    setBusyId(invite.id);
    void inviteAction
      .run(async () => {
        const result = await client
          .mutation(AcceptCompanyInviteDocument, { inviteId: invite.id })
          .toPromise();
        if (result.error) throw result.error;
        if (result.data) await enter(result.data.acceptCompanyInvite);
      })
      .finally(() => setBusyId(null));
  };
  const reject = (invite: CompanyInvite) => {
    setBusyId(invite.id);
    void inviteAction
      .run(async () => {
        const result = await client
          .mutation(RejectCompanyInviteDocument, { inviteId: invite.id })
          .toPromise();
        if (result.error) throw result.error;
        refetchInvites({ requestPolicy: 'network-only' });
      })
      .finally(() => setBusyId(null));
  };
  const pending = invitedFirst(invites.data?.myCompanyInvites ?? [], Number(params.get('inviteId')));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack gap="lg">
        {invites.fetching && !invites.data && <LoadingCenter />}
        <FormError error={invites.error ?? inviteAction.error} />
        {pending.length > 0 && (
          <>
            <CompanyInvites
              invites={pending}
              userEmail={session.user?.email ?? ''}
              busyId={busyId}
              onAccept={accept}
              onReject={reject}
            />
            <Divider label={t('company.or')} labelPosition="center" />
          </>
        )}
        <CreateCompanyForm onCreated={enter} />
      </Stack>
    </Paper>
  );
}

/** The invite an invitation link points at (`?inviteId=`) comes first. */
function invitedFirst(invites: CompanyInvite[], inviteId: number): CompanyInvite[] {
  return [...invites].sort((a, b) => Number(b.id === inviteId) - Number(a.id === inviteId));
}

function CreateCompanyForm({ onCreated }: { onCreated: (user: LoggedUser) => Promise<void> }) {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const [name, setName] = useState('');
  const [website, setWebsite] = useState('');
  const [cnpj, setCnpj] = useState('');
  const action = useAsyncAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    await action.run(async () => {
      const input = { name: name.trim(), website: website.trim() || null, cnpj: cnpj.trim() || null };
      const result = await client.mutation(CreateCompanyDocument, { input }).toPromise();
      if (result.error) throw result.error;
      if (result.data) await onCreated(result.data.createCompany);
    });
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('company.createTitle')}
        </Title>
        <TextField
          label={t('company.name')}
          autoComplete="organization"
          required
          value={name}
          onChange={setName}
        />
        <TextField
          label={t('company.website')}
          type="url"
          value={website}
          onChange={setWebsite}
          placeholder="https://"
        />
        <TextField label={t('company.taxId')} value={cnpj} onChange={setCnpj} />
        <FormError error={action.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={action.busy} disabled={!name.trim()}>
            {t('company.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
