import type { FormEvent } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { nextStep, safeRedirectPath } from '../../app/guards/route-guards.ts';
import { useSession } from '../../app/guards/session-context.ts';
import { toUiError } from '../../lib/api-errors.ts';
import { authApi } from '../../lib/auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { authHref } from './auth-links.ts';
import { EmailCodeFields, ResendCodeRow, useEmailCode } from './auth-fields.tsx';
import { CODE_LENGTH } from './code-input.tsx';
import { FormError } from '../../components/form-error.tsx';
import { takePendingSignIn } from './pending-sign-in.ts';
import { useAsyncAction } from '../../lib/use-async-action.ts';

/** /verify-email: the 6-digit code e-mailed at sign-up, with resend; signs straight in after a fresh sign-up. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const navigate = useNavigate();
  const session = useSession();
  const codeForm = useEmailCode((email) => authApi.resendCode({ email }));
  const { address, code } = codeForm;
  const action = useAsyncAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await action.run(async () => {
      await authApi.confirmSignUp({ email: address, code });
      const pending = takePendingSignIn(address);
      if (!pending) {
        await navigate(authHref('/login', { email: address, redirect, confirmed: '1' }), { replace: true });
        return;
      }
      const user = await session.signIn(await authApi.signIn(pending));
      if (user) await navigate(nextStep(user, redirect), { replace: true });
    });
  };
  const confirmed = action.error !== null && toUiError(action.error).code === 'userAlreadyConfirmed';

  return (
    <AuthCard
      title={t('verify.title')}
      subtitle={address ? t('verify.subtitle', { email: address }) : t('verify.subtitleNoEmail')}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <EmailCodeFields {...codeForm.fields} />
          <FormError error={action.error ?? codeForm.resendError}>
            {confirmed && (
              <Text size="sm" mt={4}>
                <Anchor component={Link} to={authHref('/login', { email: address, redirect })}>
                  {t('signUp.goToLogin')}
                </Anchor>
              </Text>
            )}
          </FormError>
          <Button
            type="submit"
            loading={action.busy}
            disabled={code.length !== CODE_LENGTH || !address}
            fullWidth
          >
            {t('verify.submit')}
          </Button>
          <ResendCodeRow {...codeForm.resendRow} loginHref={authHref('/login', { redirect })} />
        </Stack>
      </form>
    </AuthCard>
  );
}
