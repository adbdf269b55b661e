import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { nextStep, safeRedirectPath } from '../../app/guards/route-guards.ts';
import { useSession } from '../../app/guards/session-context.ts';
import { RestError } from '../../lib/api-errors.ts';
import { authApi, federatedStartUrl, type FederatedProvider } from '../../lib/auth-api.ts';
import { AuthCard } from './auth-card.tsx';
import { authHref } from './auth-links.ts';
import { EmailField } from './auth-fields.tsx';
import { CurrentPasswordField } from '../../components/text-field.tsx';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { invitationOf } from './invitation-link.ts';
import { InvitationNotice } from './invitation-notice.tsx';

/** /login: e-mail and password, federated buttons for the enabled providers; keeps the redirect path. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const session = useSession();
  const navigate = useNavigate();
  // From an invitation e-mail: the invitation's address is filled in, and a notice says what comes next.
  const invitation = invitationOf(redirect);
  const [email, setEmail] = useState(params.get('email') ?? invitation?.email ?? '');
  const [password, setPassword] = useState('');
  const action = useAsyncAction();
  // A federated sign-in that failed comes back here with its code (for example a forced e-mail mismatch).
  const returnedError = params.get('error');
  const shownError =
    action.error ?? (returnedError && !action.busy ? new RestError(returnedError, returnedError, 401) : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await action.run(async () => {
      const tokens = await authApi.signIn({ email: email.trim(), password });
      const user = await session.signIn(tokens);
      if (user) await navigate(nextStep(user, redirect), { replace: true });
    });
  };

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginNotice />
      <InvitationNotice invitation={invitation} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <EmailField value={email} onChange={setEmail} autoComplete="username" data-autofocus autoFocus />
          <CurrentPasswordField label={t('fields.password')} value={password} onChange={setPassword} />
          <Group justify="flex-end">
            <Anchor component={Link} to={authHref('/forgot-password', { email })} size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <FormError error={shownError}>
            <Text size="sm" mt={4}>
              <Anchor component={Link} to={authHref('/verify-email', { email, redirect })} size="sm">
                {t('login.verifyHint')}
              </Anchor>
            </Text>
          </FormError>
          <Button type="submit" loading={action.busy} disabled={!email.trim() || !password} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <FederatedButtons redirect={redirect} />
      <SignUpLinks redirect={redirect} email={invitation?.email ?? null} />
    </AuthCard>
  );
}

/** The confirmation a previous screen left for the login (e-mail confirmed, password changed). */
function LoginNotice() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const notice = params.get('confirmed')
    ? t('login.confirmed')
    : params.get('passwordReset')
      ? t('login.passwordReset')
      : null;
  if (!notice) return null;
  return (
    <Alert color="teal" variant="light" data-testid="login-notice">
      {notice}
    </Alert>
  );
}

/** The ways in for someone without an account. */
function SignUpLinks({ redirect, email }: { redirect: string | null; email: string | null }) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap={4} align="center">
      <Text size="sm">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to={authHref('/sign-up', { redirect, email })}>
          {t('login.signUp')}
        </Anchor>
      </Text>
      <Anchor component={Link} to="/request-demo" size="sm">
        {t('login.requestDemo')}
      </Anchor>
    </Stack>
  );
}

const PROVIDER_ICONS: Record<FederatedProvider, typeof IconBrandGoogle> = {
  google: IconBrandGoogle,
  microsoft: IconBrandWindows,
};

/** Buttons only for the providers this server enables; nothing while unknown or when none is. */
function FederatedButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const [providers, setProviders] = useState<FederatedProvider[]>([]);
  useEffect(() => {
    let live = true;
    authApi.providers().then(
      (list) => live && setProviders(list),
      () => live && setProviders([]),
    );
    return () => {
      live = false;
    };
  }, []);
  if (providers.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="federated-sign-in">
      <Divider label={t('login.or')} labelPosition="center" />
      {providers.map((provider) => {
        const Icon = PROVIDER_ICONS[provider];
        return (
          <Button
            key={provider}
            component="a"
            href={federatedStartUrl(provider, redirect)}
            variant="default"
            leftSection={<Icon size={18} />}
            fullWidth
          >
            {t(`login.federated.${provider}`)}
          </Button>
        );
      })}
    </Stack>
  );
}
