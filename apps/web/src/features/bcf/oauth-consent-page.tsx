import { useEffect, useState } from 'react';
import { Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AuthCard } from '../auth/auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { useSession } from '../../app/guards/session-context.ts';
import { consentDetails, decideConsent, leaveFor, type ConsentDetails } from './oauth-consent-api.ts';
import { LoadingCenter } from '../../components/loading.tsx';

/**
 * /oauth/consent/:uid: a desktop BCF application (BIMcollab Zoom, Solibri, a Revit add-in…) asks to use the
 * BCF-API as the signed-in person (OAuth2 authorization code with PKCE, docs/api-bcf.md). The person sees
 * which application, where it will receive the answer, and allows or refuses; the browser then goes back to it.
 */
export function OauthConsentPage() {
  const { t } = useTranslation('oauth');
  const { uid = '' } = useParams();
  const session = useSession();
  const [details, setDetails] = useState<ConsentDetails | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const action = useAsyncAction();

  useEffect(() => {
    let live = true;
    consentDetails(uid)
      .then((d) => {
        if (live) setDetails(d);
      })
      .catch((error: unknown) => {
        if (live) setLoadError(error);
      });
    return () => {
      live = false;
    };
  }, [uid]);

  const decide = (allow: boolean) =>
    action.run(async () => {
      leaveFor(await decideConsent(uid, allow));
    });

  const name = details?.clientName ?? t('unnamedClient');
  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')} width={520}>
      {!details && !loadError && <LoadingCenter />}
      <FormError error={loadError ?? action.error} />
      {loadError !== null && <Text data-testid="oauth-consent-expired">{t('expired')}</Text>}
      {details && (
        <Stack gap="md" data-testid="oauth-consent">
          <Text>{t('asks', { client: name, user: session.user?.email ?? '' })}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('canRead')}</List.Item>
            <List.Item>{t('canWrite')}</List.Item>
            <List.Item>{t('sameRules')}</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            {t('redirect')} <Code data-testid="oauth-consent-redirect">{details.redirectUri}</Code>
          </Text>
          <Text size="sm" c="dimmed">
            {t('revoke')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void decide(false)} disabled={action.busy}>
              {t('deny')}
            </Button>
            <Button onClick={() => void decide(true)} loading={action.busy}>
              {t('allow')}
            </Button>
          </Group>
        </Stack>
      )}
    </AuthCard>
  );
}
