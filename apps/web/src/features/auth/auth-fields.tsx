import { useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import { useAsyncAction } from '../../lib/use-async-action.ts';
import { TextField } from '../../components/text-field.tsx';
import { CodeInput } from './code-input.tsx';

/** The e-mail field of the sign-in screens (required, checked by the browser as an address). */
export function EmailField({
  autoComplete = 'email',
  ...props
}: {
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  autoFocus?: boolean;
  'data-autofocus'?: boolean;
}) {
  const { t } = useTranslation('auth');
  return <TextField label={t('fields.email')} type="email" autoComplete={autoComplete} required {...props} />;
}

/**
 * The e-mail (from the link, else typed) and the code of a confirmation screen, and sending the code again
 * (`send`, then a notice): `fields` and `resendRow` are spread into `EmailCodeFields` and `ResendCodeRow`.
 */
export function useEmailCode(send: (email: string) => Promise<unknown>) {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const resend = useAsyncAction();
  const address = email.trim();
  const resendCode = () =>
    resend.run(async () => {
      await send(address);
      notifications.show({ color: 'teal', message: t('verify.resent') });
    });
  return {
    address,
    code,
    resendError: resend.error,
    fields: { askEmail: !params.get('email'), email, onEmail: setEmail, code, onCode: setCode },
    resendRow: { onResend: () => void resendCode(), busy: resend.busy, address },
  };
}

/**
 * The e-mail and the 6-digit code a confirmation screen asks for. The e-mail is asked only when the link did
 * not bring it (`askEmail`); otherwise the code takes the focus.
 */
export function EmailCodeFields({
  askEmail,
  email,
  onEmail,
  code,
  onCode,
}: {
  askEmail: boolean;
  email: string;
  onEmail: (value: string) => void;
  code: string;
  onCode: (value: string) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      {askEmail && <EmailField value={email} onChange={onEmail} />}
      <CodeInput label={t('fields.code')} value={code} onChange={onCode} autoFocus={!askEmail} />
    </>
  );
}

/** Below a code form: send the code again, and the way back to the sign-in (`loginHref`). */
export function ResendCodeRow({
  onResend,
  busy,
  address,
  loginHref,
}: {
  onResend: () => void;
  busy: boolean;
  address: string;
  loginHref: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <Group justify="space-between">
      <Button variant="subtle" size="compact-sm" onClick={onResend} loading={busy} disabled={!address}>
        {t('verify.resend')}
      </Button>
      <Anchor component={Link} to={loginHref} size="sm">
        {t('common.backToLogin')}
      </Anchor>
    </Group>
  );
}

/** The first and last name the person types, spread into `PersonNameFields`. */
export function usePersonNames(initial: { name: string; lastName: string }) {
  const [name, onName] = useState(initial.name);
  const [lastName, onLastName] = useState(initial.lastName);
  return { name, lastName, onName, onLastName };
}

/**
 * The first and last name, side by side when there is room (sign-up and the onboarding profile). The labels
 * are the `fields` of the screen's namespace (`ns`), already loaded with the screen.
 */
export function PersonNameFields({
  ns,
  name,
  lastName,
  onName,
  onLastName,
}: ReturnType<typeof usePersonNames> & { ns: 'auth' | 'onboarding' }) {
  const { t } = useTranslation(ns);
  const fields = [
    { key: 'name', label: t('fields.name'), autoComplete: 'given-name', value: name, onChange: onName },
    {
      key: 'lastName',
      label: t('fields.lastName'),
      autoComplete: 'family-name',
      value: lastName,
      onChange: onLastName,
    },
  ];
  return (
    <Group grow align="flex-start" wrap="wrap">
      {fields.map(({ key, ...field }, i) => (
        <TextField key={key} {...field} required miw={180} autoFocus={i === 0} />
      ))}
    </Group>
  );
}
