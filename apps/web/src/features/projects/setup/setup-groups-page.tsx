import { useState } from 'react';
import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { normalizeText } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { useSession } from '../../../app/guards/session-context.ts';
import {
  SetupCreateProjectGroupDocument,
  SetupDeleteProjectGroupDocument,
  SetupGroupsDocument,
  SetupLeaveProjectGroupDocument,
  SetupSetProjectGroupDocument,
  type SetupGroupFieldsFragment,
  type SetupGroupsQuery,
} from '../../../gql/generated.ts';
import { FormError } from '../../../components/form-error.tsx';
import { useProject } from '../project-context.ts';
import { PROJECT_ACTIVE } from '../project-sections.ts';
import { GroupFormDialog, type GroupCandidate } from './group-form-dialog.tsx';
import { ConfirmDialog, SetupScreen, TypedConfirmDialog, useSetupAction } from './setup-common.tsx';
import { LoadingCenter } from '../../../components/loading.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

type ProjectUser = SetupGroupsQuery['projectData']['users'][number];
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; group: SetupGroupFieldsFragment }
  | { kind: 'delete'; group: SetupGroupFieldsFragment }
  | { kind: 'leave'; group: SetupGroupFieldsFragment }
  | null;

const SHOWN_MEMBERS = 3;

function personName(user: ProjectUser): string {
  const name = [user.name, user.lastName].filter(Boolean).join(' ');
  return name || user.email;
}

/**
 * setup/groups: the project's groups (spec core §7 createProjectGroup, setProjectGroup, deleteProjectGroup,
 * leaveProjectGroup). Every participant creates groups; coordinators and a group's creator edit and delete it
 * (typed confirmation, editor §5.3); members leave, except project administrators (editor §6).
 */
export function SetupGroupsPage() {
  const { t } = useTranslation(['projects', 'errors']);
  const { project } = useProject();
  const { user } = useSession();
  const client = useClient();
  const [query, refetch] = useQuery({ query: SetupGroupsDocument, variables: { projectId: project.id } });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const action = useSetupAction({ inlineErrors: true, onDone: reload });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [search, setSearch] = useState('');
  const participant = project.permissions.role !== null;
  const writable = participant && project.status === PROJECT_ACTIVE;
  const groups = query.data?.projectData.groups;
  const people = (query.data?.projectData.users ?? []).filter((u) => !u.removed);
  const byId = new Map((query.data?.projectData.users ?? []).map((u) => [u.id, u]));
  const needle = normalizeText(search.trim());
  const shown = groups?.filter((g) => !needle || normalizeText(g.name).includes(needle));
  const me = user?.id;
  const isAdmin = project.permissions.role === 'project_admin';

  const close = () => {
    action.clearError();
    setDialog(null);
  };
  const finish = async (work: () => Promise<{ error?: unknown }>) => {
    if (await action.run(work)) setDialog(null);
  };
  const candidates = (creating: boolean): GroupCandidate[] =>
    people
      .filter((p) => !creating || p.id !== me)
      .map((p) => ({ id: p.id, label: p.company ? `${personName(p)} · ${p.company.name}` : personName(p) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  const taken = (name: string, exceptId?: number) =>
    (groups ?? []).some(
      (g) => g.id !== exceptId && g.name.trim().toLowerCase() === name.trim().toLowerCase(),
    );

  // What every dialog of the screen shares: the running action's state, and closing.
  const dialogState = { busy: action.busy, error: action.error, onClose: close };
  return (
    <SetupScreen
      section="groups"
      canWrite={participant}
      primary={{ label: t('groups.new'), onClick: () => setDialog({ kind: 'create' }) }}
      search={{ value: search, onChange: setSearch, placeholder: t('groups.search') }}
    >
      <Text size="sm" c="dimmed">
        {t('setup.groups.intro')}
      </Text>
      <FormError error={query.error} />
      {query.fetching && !groups && <LoadingCenter />}
      {shown && shown.length === 0 && (
        <Text ta="center" c="dimmed" py="lg" data-testid="groups-empty">
          {needle ? t('groups.noMatch') : t('groups.empty')}
        </Text>
      )}
      {shown && shown.length > 0 && (
        <DataTable
          minWidth={520}
          testId="groups-table"
          heads={[t('groups.name'), t('groups.members'), writable && t('common.actions')]}
        >
          {shown.map((g) => {
            const member = me !== undefined && g.usersId.includes(me);
            const names = g.usersId.map((id) => {
              const person = byId.get(id);
              return person ? personName(person) : String(id);
            });
            return (
              <Table.Tr key={g.id} data-testid="group-row" data-name={g.name}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {g.name}
                    </Text>
                    {member && (
                      <Badge size="xs" variant="light">
                        {t('groups.youAreMember')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" data-testid="group-members">
                    {names.length === 0
                      ? t('groups.noMembers')
                      : names.slice(0, SHOWN_MEMBERS).join(', ') +
                        (names.length > SHOWN_MEMBERS ? ` +${names.length - SHOWN_MEMBERS}` : '')}
                  </Text>
                </Table.Td>
                {writable && (
                  <Table.Td>
                    <RowActions
                      edit={
                        g.permissions.edit
                          ? {
                              label: t('groups.edit', { name: g.name }),
                              onClick: () => setDialog({ kind: 'edit', group: g }),
                            }
                          : undefined
                      }
                      remove={
                        g.permissions.delete
                          ? {
                              label: t('groups.delete', { name: g.name }),
                              onClick: () => setDialog({ kind: 'delete', group: g }),
                            }
                          : undefined
                      }
                    >
                      {member && (
                        <Tooltip
                          label={
                            g.permissions.leave
                              ? t('groups.leave', { name: g.name })
                              : t('errors:ADMIN_CANT_LEAVE_PROJECT_GROUP')
                          }
                        >
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('groups.leave', { name: g.name })}
                            aria-disabled={!g.permissions.leave}
                            data-disabled={!g.permissions.leave || undefined}
                            onClick={() => g.permissions.leave && setDialog({ kind: 'leave', group: g })}
                          >
                            <IconDoorExit size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </RowActions>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </DataTable>
      )}
      {writable && isAdmin && groups?.some((g) => me !== undefined && g.usersId.includes(me)) && (
        <Text size="xs" c="dimmed" data-testid="groups-admin-hint">
          {t('errors:ADMIN_CANT_LEAVE_PROJECT_GROUP')}
        </Text>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <GroupFormDialog
          title={t(dialog.kind === 'create' ? 'groups.createTitle' : 'groups.editTitle')}
          initial={dialog.kind === 'edit' ? dialog.group : { name: '', usersId: [] }}
          candidates={candidates(dialog.kind === 'create')}
          creating={dialog.kind === 'create'}
          taken={(name) => taken(name, dialog.kind === 'edit' ? dialog.group.id : undefined)}
          {...dialogState}
          onSave={(value) =>
            void finish(() =>
              dialog.kind === 'create'
                ? client
                    .mutation(SetupCreateProjectGroupDocument, { projectId: project.id, ...value })
                    .toPromise()
                : client
                    .mutation(SetupSetProjectGroupDocument, {
                      projectId: project.id,
                      groupId: dialog.group.id,
                      ...value,
                    })
                    .toPromise(),
            )
          }
        />
      )}
      {dialog?.kind === 'delete' && (
        <TypedConfirmDialog
          opened
          title={t('groups.deleteTitle')}
          message={t('groups.deleteMessage', { name: dialog.group.name })}
          word={dialog.group.name}
          {...dialogState}
          onConfirm={() =>
            void finish(() =>
              client
                .mutation(SetupDeleteProjectGroupDocument, {
                  projectId: project.id,
                  groupId: dialog.group.id,
                })
                .toPromise(),
            )
          }
        />
      )}
      {dialog?.kind === 'leave' && (
        <ConfirmDialog
          opened
          title={t('groups.leaveTitle')}
          message={t('groups.leaveMessage', { name: dialog.group.name })}
          confirmLabel={t('groups.leaveConfirm')}
          {...dialogState}
          onConfirm={() =>
            void finish(() =>
              client
                .mutation(SetupLeaveProjectGroupDocument, { projectId: project.id, groupId: dialog.group.id })
                .toPromise(),
            )
          }
        />
      )}
    </SetupScreen>
  );
}
