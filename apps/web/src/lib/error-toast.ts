import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { toUiError } from './api-errors.ts';

/** The translated message of an error: the errors namespace when it has the code, else 'code: message'. */
export function errorText(t: TFunction, error: unknown): string {
  const { code, message } = toUiError(error);
  return t(`errors:${code}`, { defaultValue: `${code}: ${message}` });
}

/** Shows an error in the error toast (spec core §8). */
export function showErrorToast(t: TFunction, error: unknown): void {
  notifications.show({
    color: 'red',
    title: t('common:error'),
    message: errorText(t, error),
    autoClose: 8000,
  });
}
