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
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      data-testid="form-error"
    >
      {errorText(t, error)}
      {children}
    </Alert>
  );
}
