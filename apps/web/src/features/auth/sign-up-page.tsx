import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordFormState } from '@obra/domain';
import { safeRedirectPath } from '../../app/guards/route-guards.ts';
import {
  NewPasswordFields,
  type NewPasswordValue,
} from '../../components/password-strength/password-strength.tsx';
import { toUiError } from '../../lib/api-errors.ts';
import { authApi } from '../../lib/auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { authHref } from './auth-links.ts';
import { FormError } from '../../components/form-error.tsx';
import { rememberPendingSignIn } from './pending-sign-in.ts';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { invitationOf } from './invitation-link.ts';
import { InvitationNotice } from './invitation-notice.tsx';
import { EmailField, PersonNameFields, usePersonNames } from './auth-fields.tsx';

/** /sign-up: name, last name, e-mail and a password that passes the live check of editor §5.2. */
export function SignUpPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const navigate = useNavigate();
  const names = usePersonNames({ name: '', lastName: '' });
  const { name, lastName } = names;
  const invitation = invitationOf(redirect);
  const [email, setEmail] = useState(params.get('email') ?? invitation?.email ?? '');
  const [pair, setPair] = useState<NewPasswordValue>({ password: '', confirmation: '' });
  const action = useAsyncAction();
  const valid =
    name.trim() !== '' &&
    lastName.trim() !== '' &&
    /\S+@\S+\.\S+/.test(email) &&
    passwordFormState(pair.password, pair.confirmation).valid;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const address = email.trim();
    await action.run(async () => {
      await authApi.signUp({
        email: address,
        password: pair.password,
        name: name.trim(),
        lastName: lastName.trim(),
      });
      rememberPendingSignIn({ email: address, password: pair.password });
      await navigate(authHref('/verify-email', { email: address, redirect }));
    });
  };
  const exists = action.error !== null && toUiError(action.error).code === 'UsernameExistsException';

  return (
    <AuthCard title={t('signUp.title')} subtitle={t('signUp.subtitle')} width={480}>
      <InvitationNotice invitation={invitation} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <PersonNameFields ns="auth" {...names} />
          <EmailField value={email} onChange={setEmail} />
          <NewPasswordFields value={pair} onChange={setPair} />
          <FormError error={action.error}>
            {exists && (
              <Text size="sm" mt={4}>
                <Anchor component={Link} to={authHref('/login', { email, redirect })}>
                  {t('signUp.goToLogin')}
                </Anchor>
              </Text>
            )}
          </FormError>
          <Button type="submit" loading={action.busy} disabled={!valid} fullWidth>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('signUp.haveAccount')}{' '}
        <Anchor component={Link} to={authHref('/login', { redirect })}>
          {t('signUp.login')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
