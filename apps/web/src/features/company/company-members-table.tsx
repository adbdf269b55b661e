import { ActionIcon, Avatar, Badge, Group, Select, Stack, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CompanyMemberFieldsFragment } from '../../gql/generated.ts';
import { COMPANY_ROLES } from '../workspace/invite-member-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';

const ROLE_COLORS: Record<string, string> = { admin: 'grape', manager: 'blue', collaborator: 'gray' };

/** The display name of a member, falling back to the e-mail. */
export function memberName(member: CompanyMemberFieldsFragment): string {
  return [member.name, member.lastName].filter(Boolean).join(' ') || member.email;
}

/** The role badge of a member. */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation('company');
  return (
    <Badge variant="light" color={ROLE_COLORS[role] ?? 'gray'} data-testid="member-role">
      {t(`roles.${role}`, { defaultValue: role })}
    </Badge>
  );
}

/**
 * The members of a company. Read-only by default; with `onRoleChange` and `onRemove` (company administrators)
 * each row has a role selector and a remove button.
 */
export function CompanyMembersTable({
  members,
  busyId,
  onRoleChange,
  onRemove,
  onAiChange,
}: {
  members: CompanyMemberFieldsFragment[];
  busyId?: number | null;
  onRoleChange?: (member: CompanyMemberFieldsFragment, role: string) => void;
  onRemove?: (member: CompanyMemberFieldsFragment) => void;
  /** Administrators turn the AI assistant on and off per member. */
  onAiChange?: (member: CompanyMemberFieldsFragment, enabled: boolean) => void;
}) {
  const { t } = useTranslation('company');
  const editable = Boolean(onRoleChange && onRemove);
  return (
    <DataTable
      minWidth={560}
      highlightOnHover
      testId="company-members-table"
      heads={[
        t('members.name'),
        t('members.role'),
        t('members.aiAssistant'),
        editable && t('members.actions'),
      ]}
    >
      {members.map((member) => (
        <Table.Tr key={member.id} data-testid="company-member-row" data-email={member.email}>
          <Table.Td>
            <Group gap="sm" wrap="nowrap">
              <Avatar src={member.photo ?? null} name={memberName(member)} color="initials" radius="xl" />
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} lineClamp={1}>
                  {memberName(member)}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {member.email}
                </Text>
              </Stack>
            </Group>
          </Table.Td>
          <Table.Td>
            {onRoleChange ? (
              <Select
                size="xs"
                w={160}
                aria-label={t('members.roleOf', { name: memberName(member) })}
                data={COMPANY_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                value={member.role}
                disabled={busyId === member.id}
                allowDeselect={false}
                onChange={(value) => {
                  if (value && value !== member.role) onRoleChange(member, value);
                }}
                data-testid="member-role-select"
              />
            ) : (
              <RoleBadge role={member.role} />
            )}
          </Table.Td>
          <Table.Td>
            {onAiChange ? (
              <Switch
                aria-label={t('members.aiAssistantOf', { name: memberName(member) })}
                checked={member.hasAiAssistant}
                disabled={busyId === member.id}
                onChange={(event) => onAiChange(member, event.currentTarget.checked)}
                data-testid="member-ai-switch"
              />
            ) : (
              <Text size="sm" c="dimmed">
                {member.hasAiAssistant ? t('members.aiOn') : t('members.aiOff')}
              </Text>
            )}
          </Table.Td>
          {onRemove && (
            <Table.Td>
              <Tooltip label={t('members.remove')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('members.removeName', { name: memberName(member) })}
                  disabled={busyId === member.id}
                  onClick={() => onRemove(member)}
                  data-testid="member-remove"
                >
                  <IconUserMinus size={18} />
                </ActionIcon>
              </Tooltip>
            </Table.Td>
          )}
        </Table.Tr>
      ))}
    </DataTable>
  );
}
