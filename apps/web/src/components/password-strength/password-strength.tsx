import { List, PasswordInput, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES, passwordFormState } from '@obra/domain';

/** The live check of spec editor §5.2: each rule, met or not, and whether the two passwords match. */
export function PasswordStrength({ password, confirmation }: { password: string; confirmation: string }) {
  const { t } = useTranslation('auth');
  const state = passwordFormState(password, confirmation);
  const mismatch = confirmation.length > 0 && password !== confirmation;
  return (
    <Stack gap={6} data-testid="password-strength" aria-live="polite">
      <Text size="sm" fw={500}>
        {t('passwordStrength.title')}
      </Text>
      <List spacing={4} size="sm" center>
        {PASSWORD_RULES.map((rule) => (
          <RuleItem
            key={rule}
            met={state.rules[rule]}
            label={t(`passwordStrength.rules.${rule}`)}
            testId={`password-rule-${rule}`}
          />
        ))}
        <RuleItem
          met={state.same}
          label={t(mismatch ? 'passwordStrength.different' : 'passwordStrength.same')}
          testId="password-rule-same"
        />
      </List>
    </Stack>
  );
}

function RuleItem({ met, label, testId }: { met: boolean; label: string; testId: string }) {
  const { t } = useTranslation('auth');
  return (
    <List.Item
      data-testid={testId}
      data-met={met}
      icon={
        <ThemeIcon color={met ? 'teal' : 'gray'} size={18} radius="xl" variant={met ? 'filled' : 'light'}>
          {met ? <IconCheck size={12} /> : <IconX size={12} />}
        </ThemeIcon>
      }
    >
      <Text size="sm" c={met ? undefined : 'dimmed'}>
        {label}
        <VisuallyHidden>{` (${t(met ? 'passwordStrength.met' : 'passwordStrength.notMet')})`}</VisuallyHidden>
      </Text>
    </List.Item>
  );
}

/** The value of the new-password pair. */
export interface NewPasswordValue {
  password: string;
  confirmation: string;
}

/** A new password, its confirmation and the live check; the parent enables submit with passwordFormState. */
export function NewPasswordFields({
  value,
  onChange,
  passwordLabel,
}: {
  value: NewPasswordValue;
  onChange: (value: NewPasswordValue) => void;
  passwordLabel?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="sm">
      <PasswordInput
        label={passwordLabel ?? t('fields.password')}
        autoComplete="new-password"
        required
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.currentTarget.value })}
      />
      <PasswordInput
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        required
        value={value.confirmation}
        onChange={(e) => onChange({ ...value, confirmation: e.currentTarget.value })}
      />
      <PasswordStrength password={value.password} confirmation={value.confirmation} />
    </Stack>
  );
}
