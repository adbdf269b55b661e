import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-toast.ts';

/** A failed call shown inside a form, translated from the errors namespace (spec core §8). */
export function FormError({ error, children }: { error: unknown; children?: ReactNode }) {
  const { t } = useTranslation(['errors', 'common']);
  if (!error) return null;
  return (
    <ErrorAlert testId="form-error">
      {errorText(t, error)}
      {children}
    </ErrorAlert>
  );
}

/** A red alert announced to assistive technology: a form's failed call, a refused file. */
export function ErrorAlert({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid={testId}>
      {children}
    </Alert>
  );
}
