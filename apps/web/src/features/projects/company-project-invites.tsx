import { useEffect, useRef, useState } from 'react';
import { Alert, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import {
  AcceptProjectCompanyInviteDocument,
  RejectProjectCompanyInviteDocument,
  type WorkspaceHomeQuery,
} from '../../gql/generated.ts';
import { showErrorToast } from '../../lib/error-toast.ts';

type Invite = WorkspaceHomeQuery['companyProjectInvites'][number];

/**
 * Pending project invitations of the company (editor §2.2). Only a company administrator may answer them
 * (editor §6); everyone else sees them read-only with a hint to ask an administrator. The invitation an e-mail's
 * link names (`linkedId`) is outlined, scrolled to and its accept button focused; a link to an invitation that is
 * no longer pending says so.
 */
export function CompanyProjectInvites({
  invites,
  canAnswer,
  onAnswered,
  linkedId = null,
}: {
  invites: readonly Invite[];
  canAnswer: boolean;
  onAnswered: () => void;
  linkedId?: number | null;
}) {
  const { t } = useTranslation('projects');
  const client = useClient();
  const [busy, setBusy] = useState<number | null>(null);
  const linkedCard = useRef<HTMLDivElement>(null);
  const linked = linkedId === null ? null : (invites.find((invite) => invite.id === linkedId) ?? null);
  const [answeredHere, setAnsweredHere] = useState(false);
  useEffect(() => {
    const card = linkedCard.current;
    if (!card) return;
    card.scrollIntoView?.({ block: 'center' });
    card.querySelector<HTMLButtonElement>('[data-accept]')?.focus();
  }, [linked?.id]);
  const gone = linkedId !== null && !linked && !answeredHere;
  if (invites.length === 0 && !gone) return null;

  const answer = async (invite: Invite, accept: boolean) => {
    setBusy(invite.id);
    try {
      const result = accept
        ? await client.mutation(AcceptProjectCompanyInviteDocument, { inviteId: invite.id }).toPromise()
        : await client.mutation(RejectProjectCompanyInviteDocument, { inviteId: invite.id }).toPromise();
      if (result.error) throw result.error;
      if (invite.id === linkedId) setAnsweredHere(true);
      notifications.show({
        color: 'teal',
        message: t(accept ? 'invites.accepted' : 'invites.rejected', { name: invite.project.name }),
      });
      onAnswered();
    } catch (error) {
      showErrorToast(t, error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm" data-testid="project-invites">
      <Title order={2} size="h4">
        {t('invites.title')}
      </Title>
      {!canAnswer && (
        <Alert color="blue" variant="light" data-testid="project-invites-ask-admin">
          {t('invites.askAdmin')}
        </Alert>
      )}
      {gone && (
        <Alert color="gray" variant="light" data-testid="project-invite-gone">
          {t('invites.linkGone')}
        </Alert>
      )}
      {invites.map((invite) => (
        <Card
          key={invite.id}
          ref={invite.id === linked?.id ? linkedCard : undefined}
          withBorder
          radius="md"
          padding="sm"
          data-testid="project-invite"
          data-linked={invite.id === linked?.id || undefined}
          style={
            invite.id === linked?.id
              ? { borderColor: 'var(--mantine-color-blue-filled)', borderWidth: 2 }
              : undefined
          }
        >
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar
                src={invite.project.image ?? null}
                name={invite.project.name}
                color="initials"
                radius="md"
              />
              <Stack gap={2} miw={0}>
                <Text fw={600} lineClamp={1}>
                  {invite.project.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('invites.from', { company: invite.project.company.name })}
                </Text>
                <Group gap={4} wrap="wrap">
                  <Badge variant="light">
                    {t(`roles.${invite.role.name}`, { defaultValue: invite.role.name })}
                  </Badge>
                  {invite.allDisciplines ? (
                    <Badge variant="outline">{t('companies.allDisciplines')}</Badge>
                  ) : (
                    invite.disciplines.map((d) => (
                      <Badge key={d.id} variant="outline" title={d.name}>
                        {d.abbreviation}
                      </Badge>
                    ))
                  )}
                </Group>
              </Stack>
            </Group>
            {canAnswer && (
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  disabled={busy !== null}
                  onClick={() => void answer(invite, false)}
                >
                  {t('invites.reject')}
                </Button>
                <Button
                  size="xs"
                  data-accept
                  loading={busy === invite.id}
                  disabled={busy !== null}
                  onClick={() => void answer(invite, true)}
                >
                  {t('invites.accept')}
                </Button>
              </Group>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
