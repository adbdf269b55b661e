import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The foot of a dialog acting on the selected issues: Cancel, and the apply button (busy while it runs). */
export function ApplyButtons(props: {
  onCancel: () => void;
  onApply: () => void;
  busy: boolean;
  disabled: boolean;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('issues');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        {t('common.cancel')}
      </Button>
      <Button
        onClick={props.onApply}
        loading={props.busy}
        disabled={props.disabled}
        data-testid={props.testId}
      >
        {props.label}
      </Button>
    </Group>
  );
}
