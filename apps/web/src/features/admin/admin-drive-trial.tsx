import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { SetCompanyDriveTrialEndDocument } from '../../gql/generated.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { ConfirmDialog } from '../projects/setup/setup-common.tsx';

/** A date input's value (YYYY-MM-DD, local) of an instant. */
function dayOf(iso: string | null): string {
  const date = iso ? new Date(iso) : new Date(Date.now() + 30 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The platform admin's hold on a company's drive trial (editor §9): move its end (the chosen day's end, local time;
 * at most a year ahead) for a prospect who needs more time, or end it now after a confirmation — the drive then
 * stays readable and uploads show the upgrade prompt.
 */
export function AdminDriveTrialEnd({
  companyId,
  endsAt,
  onChanged,
}: {
  companyId: number;
  endsAt: string | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation('admin');
  const [day, setDay] = useState(dayOf(endsAt));
  const [confirming, setConfirming] = useState(false);
  const [saving, move] = useMutation(SetCompanyDriveTrialEndDocument);
  const save = async (end: Date) => {
    const result = await move({ companyId, endsAt: end.toISOString() });
    if (result.error) return showErrorToast(t, result.error);
    notifications.show({ color: 'green', message: t('company.drive.saved') });
    setConfirming(false);
    onChanged();
  };
  return (
    <Stack gap={6} data-testid="admin-drive-trial">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('company.drive.trialEnd')}
          value={day}
          onChange={(e) => setDay(e.currentTarget.value)}
        />
        <Button
          variant="default"
          loading={saving.fetching}
          disabled={!day}
          onClick={() => void save(new Date(`${day}T23:59:59`))}
        >
          {t('company.drive.saveTrialEnd')}
        </Button>
        <Button color="red" variant="light" disabled={saving.fetching} onClick={() => setConfirming(true)}>
          {t('company.drive.endNow')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('company.drive.trialEndHint')}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title={t('company.drive.endNowTitle')}
        message={t('company.drive.endNowMessage')}
        confirmLabel={t('company.drive.endNowConfirm')}
        danger
        busy={saving.fetching}
        onClose={() => setConfirming(false)}
        onConfirm={() => void save(new Date())}
      />
    </Stack>
  );
}
