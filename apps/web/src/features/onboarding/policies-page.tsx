import { useState } from 'react';
import { Button, Center, Checkbox, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { nextStep, safeRedirectPath } from '../../app/guards/route-guards.ts';
import { useSession } from '../../app/guards/session-context.ts';
import { AcceptPoliciesDocument, PoliciesDocument } from '../../gql/generated.ts';
import { AuthCard } from '../auth/auth-card.tsx';
import { FormError } from '../auth/form-error.tsx';
import { useAsyncAction } from '../auth/use-async-action.ts';

/** /policies: the terms of use and privacy in force, by version, to accept before going on (spec core §4). */
export function PoliciesPage() {
  const { t, i18n } = useTranslation('onboarding');
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const navigate = useNavigate();
  const session = useSession();
  const client = useClient();
  const [{ data, error, fetching }] = useQuery({ query: PoliciesDocument });
  const [agreed, setAgreed] = useState(false);
  const action = useAsyncAction();
  const policies = data?.policies;

  const accept = () =>
    action.run(async () => {
      if (!policies) return;
      const result = await client.mutation(AcceptPoliciesDocument, { version: policies.version }).toPromise();
      if (result.error) throw result.error;
      if (!result.data) return;
      session.setUser(result.data.acceptPolicies);
      await navigate(nextStep(result.data.acceptPolicies, redirect), { replace: true });
    });

  const goOn = async () => {
    if (session.user) await navigate(nextStep(session.user, redirect), { replace: true });
  };

  return (
    <AuthCard title={t('policies.title')} subtitle={t('policies.subtitle')} width={520}>
      {fetching && !data && (
        <Center>
          <Loader aria-label={t('common:loading')} />
        </Center>
      )}
      <FormError error={error ?? action.error} />
      {policies && (
        <Stack gap="md">
          <Text data-testid="policies-version">
            {t('policies.version', {
              version: policies.version,
              date: new Date(policies.publishedAt).toLocaleDateString(i18n.resolvedLanguage),
            })}
          </Text>
          {policies.accepted ? (
            <>
              <Text c="dimmed" data-testid="policies-accepted">
                {t('policies.alreadyAccepted')}
              </Text>
              <Button onClick={() => void goOn()} fullWidth>
                {t('policies.continue')}
              </Button>
            </>
          ) : (
            <>
              <Checkbox
                label={t('policies.agree')}
                checked={agreed}
                onChange={(e) => setAgreed(e.currentTarget.checked)}
              />
              <Button onClick={() => void accept()} loading={action.busy} disabled={!agreed} fullWidth>
                {t('policies.accept')}
              </Button>
            </>
          )}
        </Stack>
      )}
    </AuthCard>
  );
}
