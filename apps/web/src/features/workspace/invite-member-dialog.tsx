import { useState } from 'react';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emailDomain, needsDomainConfirmation } from '../onboarding/company-domain.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

/** The roles a company administrator may give (server contract of inviteCompanyMember). */
export const COMPANY_ROLES = ['collaborator', 'manager', 'admin'] as const;

/**
 * Invites a person by e-mail with a role. An address outside the administrator's own domain needs the
 * "Does this collaborator really belong to your company?" confirmation first (editor §5.3).
 */
export function InviteMemberDialog({
  opened,
  adminEmail,
  busy,
  error,
  onClose,
  onInvite,
  roles = COMPANY_ROLES,
}: {
  opened: boolean;
  adminEmail: string;
  /** The roles the inviter may give (managers cannot make administrators). */
  roles?: readonly string[];
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onInvite: (email: string, role: string) => void;
}) {
  const { t } = useTranslation('workspace');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('collaborator');
  const [confirming, setConfirming] = useState(false);
  const address = email.trim();
  const valid = /^\S+@\S+\.\S+$/.test(address);
  const submit = () => {
    if (!valid) return;
    if (!confirming && needsDomainConfirmation(address, emailDomain(adminEmail))) setConfirming(true);
    else onInvite(address, role);
  };
  return (
    <FormDialog
      opened={opened}
      title={t('companyInvites.inviteTitle')}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      cancelLabel={t('settingsLayout.cancel')}
      confirmLabel={confirming ? t('companyInvites.confirmInvite') : t('companyInvites.invite')}
      busy={busy}
      disabled={!valid}
    >
      <TextInput
        label={t('companyInvites.email')}
        type="email"
        required
        value={email}
        onChange={(e) => {
          setEmail(e.currentTarget.value);
          setConfirming(false);
        }}
        data-autofocus
      />
      <Select
        label={t('companyInvites.role')}
        data={COMPANY_ROLES.filter((r) => roles.includes(r)).map((r) => ({
          value: r,
          label: t(`roles.${r}`),
        }))}
        value={role}
        onChange={(value) => setRole(value ?? 'collaborator')}
        allowDeselect={false}
      />
      {confirming && (
        <Stack gap={4} data-testid="invite-domain-confirmation">
          <Text fw={600}>{t('companyInvites.domainQuestion')}</Text>
          <Text size="sm" c="dimmed">
            {t('companyInvites.domainDetail', { domain: emailDomain(address) ?? '' })}
          </Text>
        </Stack>
      )}
    </FormDialog>
  );
}
