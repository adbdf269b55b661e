import { useEffect, useState } from 'react';
import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../app/guards/route-guards.ts';
import { authApi, federatedStartUrl } from '../../lib/auth-api.ts';
import { AuthCard } from './auth-card.tsx';

/** /google-login: starts the federated Google sign-in, carrying the redirect path and a forced e-mail. */
export function GoogleLoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const [unavailable, setUnavailable] = useState(false);
  const redirect = safeRedirectPath(params.get('redirect'));
  const email = params.get('email');
  useEffect(() => {
    let live = true;
    authApi.providers().then(
      (providers) => {
        if (!live) return;
        if (providers.includes('google'))
          window.location.assign(federatedStartUrl('google', redirect, email));
        else setUnavailable(true);
      },
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
    };
  }, [redirect, email]);
  if (unavailable) {
    return (
      <AuthCard title={t('federated.unavailableTitle')}>
        <Text>{t('federated.unavailable')}</Text>
        <Anchor component={Link} to="/login">
          {t('common.backToLogin')}
        </Anchor>
      </AuthCard>
    );
  }
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text>{t('federated.redirecting')}</Text>
      </Stack>
    </Center>
  );
}
