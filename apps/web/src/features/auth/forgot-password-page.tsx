import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../lib/auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { authHref } from './auth-links.ts';
import { EmailField } from './auth-fields.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';

/** /forgot-password: asks for a reset code by e-mail (the server answers alike whether the account exists). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const action = useAsyncAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    await action.run(async () => {
      await authApi.forgotPassword({ email: address });
      await navigate(authHref('/reset-password', { email: address }));
    });
  };
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <EmailField value={email} onChange={setEmail} autoFocus />
          <FormError error={action.error} />
          <Button type="submit" loading={action.busy} disabled={!/\S+@\S+\.\S+/.test(email)} fullWidth>
            {t('forgot.submit')}
          </Button>
          <Anchor component={Link} to={authHref('/login', { email })} size="sm" ta="center">
            {t('common.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
