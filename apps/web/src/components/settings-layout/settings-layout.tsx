import type { ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  Stack,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBook, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CompanyMark } from '../image-cropper/company-mark.tsx';

/** A header button of the settings layout. */
export interface SettingsAction {
  label?: string;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

/** The edit-mode footer: save and cancel (default labels "Save" and "Cancel"). */
export interface SettingsEditMode {
  onSave: () => void;
  onCancel: () => void;
  saveLabel?: string;
  cancelLabel?: string;
  saving?: boolean;
  canSave?: boolean;
}

/**
 * The generic settings layout of editor §2.3: a header with avatar, title, manual link, optional search, close
 * icon, primary (default label "Add") and secondary buttons; and an edit-mode footer with save and cancel.
 */
export function SettingsLayout({
  title,
  avatar,
  manualUrl,
  search,
  onClose,
  primary,
  secondary,
  editMode,
  children,
}: {
  title: string;
  /** `logo`: a company's 4:1 logo, shown whole instead of cropped into a circle. */
  avatar?: { src?: string | null; name: string; shape?: 'round' | 'logo' };
  manualUrl?: string;
  search?: { value: string; onChange: (value: string) => void; placeholder?: string };
  onClose?: () => void;
  primary?: SettingsAction;
  secondary?: SettingsAction;
  editMode?: SettingsEditMode;
  children: ReactNode;
}) {
  const { t } = useTranslation('workspace');
  return (
    <Stack gap="md" data-testid="settings-layout">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          {avatar &&
            (avatar.shape === 'logo' ? (
              <CompanyMark logo={avatar.src} name={avatar.name} size={38} />
            ) : (
              <Avatar src={avatar.src ?? null} name={avatar.name} color="initials" radius="xl" />
            ))}
          <Title order={1} size="h3" lineClamp={1}>
            {title}
          </Title>
          {manualUrl && (
            <Tooltip label={t('settingsLayout.manual')}>
              <Anchor
                href={manualUrl}
                target="_blank"
                rel="noreferrer"
                aria-label={t('settingsLayout.manual')}
              >
                <IconBook size={18} />
              </Anchor>
            </Tooltip>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          {search && (
            <TextInput
              value={search.value}
              onChange={(e) => search.onChange(e.currentTarget.value)}
              placeholder={search.placeholder ?? t('settingsLayout.search')}
              aria-label={search.placeholder ?? t('settingsLayout.search')}
              leftSection={<IconSearch size={16} />}
              w={{ base: '100%', xs: 220 }}
            />
          )}
          {secondary && (
            <Button
              variant="default"
              onClick={secondary.onClick}
              disabled={secondary.disabled}
              loading={secondary.loading}
              leftSection={secondary.icon}
            >
              {secondary.label}
            </Button>
          )}
          {primary && (
            <Button
              onClick={primary.onClick}
              disabled={primary.disabled}
              loading={primary.loading}
              leftSection={primary.icon ?? <IconPlus size={16} />}
            >
              {primary.label ?? t('settingsLayout.add')}
            </Button>
          )}
          {onClose && (
            <ActionIcon variant="subtle" size="lg" onClick={onClose} aria-label={t('settingsLayout.close')}>
              <IconX size={18} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        {children}
      </Paper>
      {editMode && (
        <Group justify="flex-end" gap="sm" data-testid="settings-footer">
          <Button variant="default" onClick={editMode.onCancel} disabled={editMode.saving}>
            {editMode.cancelLabel ?? t('settingsLayout.cancel')}
          </Button>
          <Button onClick={editMode.onSave} loading={editMode.saving} disabled={editMode.canSave === false}>
            {editMode.saveLabel ?? t('settingsLayout.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
