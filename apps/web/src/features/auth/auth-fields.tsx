import { Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

/** The first and last name, side by side when there is room (sign-up and the onboarding profile). */
export function PersonNameFields({
  name,
  lastName,
  onName,
  onLastName,
  labels,
}: {
  name: string;
  lastName: string;
  onName: (value: string) => void;
  onLastName: (value: string) => void;
  /** The labels, from the screen's own namespace. */
  labels: { name: string; lastName: string };
}) {
  return (
    <Group grow align="flex-start" wrap="wrap">
      <TextField
        label={labels.name}
        autoComplete="given-name"
        required
        value={name}
        onChange={onName}
        miw={180}
        autoFocus
      />
      <TextField
        label={labels.lastName}
        autoComplete="family-name"
        required
        value={lastName}
        onChange={onLastName}
        miw={180}
      />
    </Group>
  );
}
