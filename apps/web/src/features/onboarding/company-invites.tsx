import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MyCompanyInvitesQuery } from '../../gql/generated.ts';
import { needsDomainConfirmation } from './company-domain.ts';
import { SectionHeading } from '../../components/heading.tsx';
import { ConfirmActions } from '../../components/confirm-actions.tsx';

/** One pending invitation to join a company. */
export type CompanyInvite = MyCompanyInvitesQuery['myCompanyInvites'][number];

/** The pending company invites, each accepted (after the domain check) or rejected. */
export function CompanyInvites({
  invites,
  userEmail,
  busyId,
  onAccept,
  onReject,
}: {
  invites: CompanyInvite[];
  userEmail: string;
  busyId: number | null;
  onAccept: (invite: CompanyInvite) => void;
  onReject: (invite: CompanyInvite) => void;
}) {
  const { t, i18n } = useTranslation('onboarding');
  const [confirming, setConfirming] = useState<CompanyInvite | null>(null);
  const accept = (invite: CompanyInvite) => {
    if (needsDomainConfirmation(userEmail, invite.company.ownerEmailDomain)) setConfirming(invite);
    else onAccept(invite);
  };
  return (
    <Stack gap="sm" data-testid="company-invites">
      <SectionHeading
        title={t('company.invitesTitle')}
        intro={t('company.invitesHint')}
        order={2}
        size="h4"
      />
      {invites.map((invite) => (
        <Card key={invite.id} withBorder radius="md" padding="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={600}>{invite.company.name}</Text>
                <Badge variant="light">
                  {t(`company.roles.${invite.role}`, { defaultValue: invite.role })}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {invite.invitedBy
                  ? t('company.invitedBy', {
                      name:
                        [invite.invitedBy.name, invite.invitedBy.lastName].filter(Boolean).join(' ') ||
                        invite.invitedBy.email,
                      date: new Date(invite.createdAt).toLocaleDateString(i18n.resolvedLanguage),
                    })
                  : t('company.invitedOn', {
                      date: new Date(invite.createdAt).toLocaleDateString(i18n.resolvedLanguage),
                    })}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => onReject(invite)}
                disabled={busyId !== null}
                loading={busyId === invite.id}
              >
                {t('company.reject')}
              </Button>
              <Button onClick={() => accept(invite)} disabled={busyId !== null}>
                {t('company.accept')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('company.domainTitle')}
        centered
      >
        <Stack gap="md">
          <Text>{t('company.domainQuestion')}</Text>
          {confirming && (
            <Text size="sm" c="dimmed">
              {t('company.domainDetail', {
                company: confirming.company.name,
                domain: confirming.company.ownerEmailDomain ?? '',
              })}
            </Text>
          )}
          <ConfirmActions
            cancelLabel={t('company.domainNo')}
            onCancel={() => setConfirming(null)}
            confirmLabel={t('company.domainYes')}
            onConfirm={() => {
              if (confirming) onAccept(confirming);
              setConfirming(null);
            }}
            busy={false}
          />
        </Stack>
      </Modal>
    </Stack>
  );
}
