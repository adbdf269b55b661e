import { useState, type FormEvent } from 'react';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { passwordFormState } from '@obra/domain';
import {
  NewPasswordFields,
  type NewPasswordValue,
} from '../../components/password-strength/password-strength.tsx';
import { authApi } from '../../lib/auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { authHref } from './auth-links.ts';
import { EmailCodeFields, ResendCodeRow, useEmailCode } from './auth-fields.tsx';
import { CODE_LENGTH } from './code-input.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';

/** /reset-password: the code e-mailed by forgot-password and a new password that passes editor §5.2. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const codeForm = useEmailCode((email) => authApi.forgotPassword({ email }));
  const { address, code } = codeForm;
  const [pair, setPair] = useState<NewPasswordValue>({ password: '', confirmation: '' });
  const action = useAsyncAction();
  const valid =
    address !== '' &&
    code.length === CODE_LENGTH &&
    passwordFormState(pair.password, pair.confirmation).valid;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    await action.run(async () => {
      await authApi.confirmForgotPassword({ email: address, code, newPassword: pair.password });
      await navigate(authHref('/login', { email: address, passwordReset: '1' }), { replace: true });
    });
  };

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={address ? t('reset.subtitle', { email: address }) : undefined}
      width={480}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <EmailCodeFields {...codeForm.fields} />
          <NewPasswordFields value={pair} onChange={setPair} passwordLabel={t('fields.newPassword')} />
          <FormError error={action.error ?? codeForm.resendError} />
          <Button type="submit" loading={action.busy} disabled={!valid} fullWidth>
            {t('reset.submit')}
          </Button>
          <ResendCodeRow {...codeForm.resendRow} loginHref={authHref('/login', { email: address })} />
        </Stack>
      </form>
    </AuthCard>
  );
}
