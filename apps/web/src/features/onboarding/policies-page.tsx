import { useState } from 'react';
import { Anchor, Button, Checkbox, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useClient, useQuery } from 'urql';
import { nextStep, safeRedirectPath } from '../../app/guards/route-guards.ts';
import { useSession } from '../../app/guards/session-context.ts';
import { AcceptPoliciesDocument, PoliciesDocument } from '../../gql/generated.ts';
import { AuthCard } from '../auth/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { LoadingCenter } from '../../components/loading.tsx';

// The paragraphs of the terms bundled with Obra (shown when the operator publishes none, POLICIES_URL).
const BUNDLED_TERMS = ['policies.terms1', 'policies.terms2', 'policies.terms3', 'policies.terms4'] as const;

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
      {fetching && !data && <LoadingCenter />}
      <FormError error={error ?? action.error} />
      {policies && (
        <Stack gap="md">
          <Text data-testid="policies-version">
            {t('policies.version', {
              version: policies.version,
              date: new Date(policies.publishedAt).toLocaleDateString(i18n.resolvedLanguage),
            })}
          </Text>
          {/* The terms themselves, before anything is accepted: the operator's, or those bundled with Obra. */}
          {policies.url ? (
            <Anchor href={policies.url} target="_blank" rel="noopener noreferrer" data-testid="policies-link">
              {t('policies.read')}
            </Anchor>
          ) : (
            <ScrollArea.Autosize mah={260} type="auto" data-testid="policies-terms">
              <Stack gap="xs" pr="sm">
                <Title order={3} size="h5">
                  {t('policies.termsTitle')}
                </Title>
                {BUNDLED_TERMS.map((key) => (
                  <Text key={key} size="sm">
                    {t(key)}
                  </Text>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
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
