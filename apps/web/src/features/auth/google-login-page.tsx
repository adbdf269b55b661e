import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../app/guards/route-guards.ts';
import { authApi, federatedStartUrl } from '../../lib/auth-api.ts';
import { FederatedProblem, FederatedWait } from './auth-card.tsx';

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
      <FederatedProblem title={t('federated.unavailableTitle')}>
        <Text>{t('federated.unavailable')}</Text>
      </FederatedProblem>
    );
  }
  return <FederatedWait message={t('federated.redirecting')} />;
}
