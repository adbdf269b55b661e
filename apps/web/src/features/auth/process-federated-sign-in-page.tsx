import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { nextStep, safeRedirectPath } from '../../app/guards/route-guards.ts';
import { useSession } from '../../app/guards/session-context.ts';
import { RestError } from '../../lib/api-errors.ts';
import { authApi, type TokenResponse } from '../../lib/auth-api.ts';
import { FederatedProblem, FederatedWait } from './auth-card.tsx';
import { FormError } from '../../components/form-error.tsx';

// The code is single-use: one exchange per code, even when React runs the effect twice.
const exchanges = new Map<string, Promise<TokenResponse>>();

function exchangeOnce(code: string): Promise<TokenResponse> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = authApi.exchangeFederatedCode({ code });
    exchanges.set(code, pending);
  }
  return pending;
}

/** /process-federated-sign-in: trades the one-time code for a session and goes where the user was heading. */
export function ProcessFederatedSignInPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const code = params.get('code');
  const errorCode = params.get('error');
  const redirect = params.get('redirect');
  const [error, setError] = useState<unknown>(
    errorCode
      ? new RestError(errorCode, params.get('message') ?? errorCode, 400)
      : code
        ? null
        : new RestError('UNAUTHENTICATED', 'missing code', 400),
  );
  useEffect(() => {
    if (!code || errorCode) return;
    let live = true;
    const run = async () => {
      const tokens = await exchangeOnce(code);
      const user = await signIn(tokens);
      if (live && user) await navigate(nextStep(user, safeRedirectPath(redirect)), { replace: true });
    };
    run().catch((caught: unknown) => live && setError(caught));
    return () => {
      live = false;
    };
  }, [code, errorCode, redirect, signIn, navigate]);
  if (error) {
    return (
      <FederatedProblem title={t('federated.failedTitle')}>
        <FormError error={error} />
      </FederatedProblem>
    );
  }
  return <FederatedWait message={t('federated.finishing')} />;
}
