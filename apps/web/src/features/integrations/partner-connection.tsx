import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { type CompanyPlatform, type UserIntegration } from './autodoc-api.ts';
import { api } from '../../lib/api/rest-client.ts';
import { RestError } from '../../lib/api-errors.ts';

/**
 * The user's own account on the company's document platform (spec core §7 POST/GET/DELETE
 * /autodoc/user-integration), shown in their profile: the e-mail must be the one the platform registered. On APS
 * the account is linked at Autodesk's consent page (POST /autodoc/aps/authorization), which sends the browser back
 * here with `partnerConnection=connected` or `partnerConnection=error&code=…`.
 */
export function PartnerConnectionSection({ email }: { email: string }) {
  const { t } = useTranslation('integrations');
  const [state, setState] = useState<{ user: UserIntegration; platform: CompanyPlatform } | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [values, setValues] = useState({ email, username: '', password: '' });
  const action = useAsyncAction();
  const location = useLocation();
  const [params] = useSearchParams();
  const returned = params.get('partnerConnection');
  const returnedCode = params.get('code');
  const returnedError =
    returned === 'error' && returnedCode && /^[A-Z_]{1,64}$/.test(returnedCode)
      ? new RestError(returnedCode, returnedCode, 400)
      : null;

  const load = useCallback(async () => {
    try {
      const [user, platform] = await Promise.all([
        api.get('/autodoc/user-integration'),
        api.get('/autodoc/platform'),
      ]);
      setState({ user, platform });
    } catch (error) {
      setLoadError(error);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const connect = () =>
    void action.run(async () => {
      const user = await api.post('/autodoc/user-integration', { body: values });
      setState((s) => (s ? { ...s, user } : s));
      setValues((v) => ({ ...v, password: '' }));
    });
  // APS: to Autodesk's consent page, back to this page.
  const connectAps = () =>
    void action.run(async () => {
      const returnTo = location.pathname;
      const { authorizeUrl } = await api.post('/autodoc/aps/authorization', {
        body: { email: values.email, returnTo },
      });
      if (authorizeUrl) window.location.assign(authorizeUrl);
    });
  const disconnect = () =>
    void action.run(async () => {
      const user = await api.delete('/autodoc/user-integration');
      setState((s) => (s ? { ...s, user } : s));
    });

  return (
    <Paper withBorder p="md" data-testid="partner-connection">
      <Stack gap="sm">
        <Title order={4}>{t('connection.title')}</Title>
        <FormError error={loadError} />
        {!action.error && <FormError error={state?.user.connected ? null : returnedError} />}
        {state && !state.platform.platform && (
          <Alert color="gray" variant="light" data-testid="partner-not-configured">
            {t('connection.notConfigured')}
          </Alert>
        )}
        {state?.user.connected && (
          <Group justify="space-between">
            <Text data-testid="partner-connected">
              {t('connection.connected', {
                accountName: state.user.accountName,
                email: state.user.email,
              })}
            </Text>
            <Button variant="light" color="red" onClick={disconnect} loading={action.busy}>
              {t('connection.disconnect')}
            </Button>
          </Group>
        )}
        {state && state.platform.platform && !state.user.connected && (
          <>
            <Text size="sm" c="dimmed">
              {t('connection.intro')} ({t(`platforms.${state.platform.platform}`)})
            </Text>
            <TextInput
              label={t('connection.email')}
              type="email"
              value={values.email}
              onChange={(e) => setValues({ ...values, email: e.currentTarget.value })}
            />
            {state.platform.platform === 'aps' ? (
              <>
                <Text size="sm" c="dimmed">
                  {t('connection.apsHint')}
                </Text>
                <Group>
                  <Button
                    onClick={connectAps}
                    loading={action.busy}
                    disabled={!values.email.trim()}
                    data-testid="partner-connect-aps"
                  >
                    {t('connection.apsConnect')}
                  </Button>
                </Group>
              </>
            ) : (
              <>
                <TextInput
                  label={t('connection.username')}
                  autoComplete="off"
                  value={values.username}
                  onChange={(e) => setValues({ ...values, username: e.currentTarget.value })}
                />
                <PasswordInput
                  label={t('connection.password')}
                  description={t('connection.passwordHint')}
                  autoComplete="new-password"
                  value={values.password}
                  onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
                />
                <Group>
                  <Button
                    onClick={connect}
                    loading={action.busy}
                    disabled={!values.email.trim() || !values.username.trim() || !values.password}
                    data-testid="partner-connect"
                  >
                    {t('connection.connect')}
                  </Button>
                </Group>
              </>
            )}
          </>
        )}
        <FormError error={action.error} />
      </Stack>
    </Paper>
  );
}
