import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACCESS_KEY_DEFAULT_DAYS, ACCESS_KEY_MAX_DAYS, latestAccessKeyExpiry } from '@obra/domain';
import { FormDialog } from '../../components/form-dialog.tsx';

const DAY_MS = 86_400_000;

// The date input works in the user's local calendar, so dates are formatted locally, not in UTC.
function localDate(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/**
 * The moment a key chosen to last until `day` (YYYY-MM-DD, local) expires: the end of that day, but never past the
 * maximum life the server allows (the last allowed day ends a few hours after it).
 */
export function accessKeyExpiryFromDay(day: string, now: Date = new Date()): string {
  const endOfDay = new Date(`${day}T23:59:59`);
  const latest = latestAccessKeyExpiry(now);
  return (endOfDay.getTime() > latest.getTime() ? latest : endOfDay).toISOString();
}

/** Asks for the name and expiry date of a new access key (every key expires; 90 days unless changed). */
export function CreateAccessKeyDialog({
  opened,
  busy,
  error,
  onClose,
  onCreate,
}: {
  opened: boolean;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onCreate: (name: string, expiresAt: string) => void;
}) {
  const { t } = useTranslation('account');
  const [name, setName] = useState('');
  const now = Date.now();
  const [expires, setExpires] = useState(() => localDate(new Date(now + ACCESS_KEY_DEFAULT_DAYS * DAY_MS)));
  const tomorrow = localDate(new Date(now + DAY_MS));
  const lastDay = localDate(new Date(now + ACCESS_KEY_MAX_DAYS * DAY_MS));
  const valid = name.trim() !== '' && expires >= tomorrow && expires <= lastDay;
  return (
    <FormDialog
      opened={opened}
      title={t('accessKeys.createTitle')}
      onClose={onClose}
      onSubmit={() => onCreate(name.trim(), accessKeyExpiryFromDay(expires))}
      error={error}
      cancelLabel={t('workspace:settingsLayout.cancel')}
      confirmLabel={t('accessKeys.create')}
      busy={busy}
      disabled={!valid}
    >
      <TextInput
        label={t('accessKeys.name')}
        description={t('accessKeys.nameHint')}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
      />
      <TextInput
        label={t('accessKeys.expiresAt')}
        description={t('accessKeys.expiresHint', {
          defaultDays: ACCESS_KEY_DEFAULT_DAYS,
          maxDays: ACCESS_KEY_MAX_DAYS,
        })}
        type="date"
        required
        min={tomorrow}
        max={lastDay}
        value={expires}
        onChange={(e) => setExpires(e.currentTarget.value)}
      />
    </FormDialog>
  );
}

/** Shows a new key's identifier and secret once, with copy buttons. */
export function AccessKeySecretDialog({
  created,
  onClose,
}: {
  created: { keyId: string; secret: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t('accessKeys.secretTitle')}
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {created && (
        <Stack gap="sm">
          <Alert color="yellow" variant="light">
            {t('accessKeys.secretOnce')}
          </Alert>
          <CopyField label={t('accessKeys.keyId')} value={created.keyId} testId="access-key-id" />
          <CopyField label={t('accessKeys.secret')} value={created.secret} testId="access-key-secret" />
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('accessKeys.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('account');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              aria-label={t('accessKeys.copyLabel', { label })}
            >
              {copied ? t('accessKeys.copied') : t('accessKeys.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** Revoking needs the key's name typed in (editor §5.3: removing an item requires typing a confirmation value). */
export function RevokeAccessKeyDialog({
  keyName,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  keyName: string | null;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('account');
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <FormDialog
      opened={keyName !== null}
      title={t('accessKeys.revokeTitle')}
      onClose={close}
      onSubmit={onConfirm}
      error={error}
      cancelLabel={t('workspace:settingsLayout.cancel')}
      confirmLabel={t('accessKeys.revoke')}
      busy={busy}
      disabled={typed !== keyName}
      danger
    >
      <Text>{t('accessKeys.revokeWarning', { name: keyName ?? '' })}</Text>
      <TextInput
        label={t('accessKeys.revokeType', { name: keyName ?? '' })}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        data-autofocus
      />
    </FormDialog>
  );
}
