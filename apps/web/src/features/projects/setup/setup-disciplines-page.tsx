import { useState } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { SetProjectDisciplinesDocument, type DisciplineFieldsFragment } from '../../../gql/generated.ts';
import { useProject } from '../project-context.ts';
import { DisciplineFormDialog } from './discipline-form-dialog.tsx';
import { abbreviationTaken, disciplinesToInput, type DisciplineInput } from './discipline-list.ts';
import { SetupScreen, TypedConfirmDialog, useCanSetup, useSetupAction } from './setup-common.tsx';
import { StandardDisciplinesDialog } from './standard-disciplines-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

type Dialog =
  | { kind: 'standard' }
  | { kind: 'custom' }
  | { kind: 'edit'; discipline: DisciplineFieldsFragment }
  | { kind: 'remove'; discipline: DisciplineFieldsFragment }
  | null;

/** setup/disciplines: the project's disciplines; standard ones from the catalogue and custom ones. */
export function SetupDisciplinesPage() {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const client = useClient();
  const action = useSetupAction();
  const canWrite = useCanSetup();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = project.disciplines;
  const current = disciplinesToInput(list);
  const save = async (next: DisciplineInput[]) => {
    const done = await action.run(() =>
      client
        .mutation(SetProjectDisciplinesDocument, { projectId: project.id, disciplines: next })
        .toPromise(),
    );
    if (done) setDialog(null);
  };

  return (
    <SetupScreen
      section="disciplines"
      canWrite={project.permissions.canSetup}
      primary={{ label: t('disciplines.addStandard'), onClick: () => setDialog({ kind: 'standard' }) }}
    >
      {canWrite && (
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'custom' })}
          >
            {t('disciplines.addCustom')}
          </Button>
        </Group>
      )}
      {list.length === 0 ? (
        <Text ta="center" c="dimmed" py="lg" data-testid="disciplines-empty">
          {t('disciplines.empty')}
        </Text>
      ) : (
        <DataTable
          minWidth={480}
          testId="disciplines-table"
          heads={[
            t('disciplines.abbreviation'),
            t('disciplines.name'),
            t('disciplines.kind'),
            canWrite && t('common.actions'),
          ]}
        >
          {list.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Badge variant="light">{d.abbreviation}</Badge>
              </Table.Td>
              <Table.Td>{d.name}</Table.Td>
              <Table.Td>
                {t(d.standardDisciplineId == null ? 'disciplines.custom' : 'disciplines.standard')}
              </Table.Td>
              {canWrite && (
                <Table.Td>
                  <RowActions
                    edit={{
                      label: t('disciplines.edit', { name: d.name }),
                      onClick: () => setDialog({ kind: 'edit', discipline: d }),
                    }}
                    remove={{
                      label: t('disciplines.remove', { name: d.name }),
                      onClick: () => setDialog({ kind: 'remove', discipline: d }),
                    }}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <StandardDisciplinesDialog
        key={dialog?.kind === 'standard' ? 'open' : 'closed'}
        opened={dialog?.kind === 'standard'}
        inProject={
          new Set(list.flatMap((d) => (d.standardDisciplineId == null ? [] : [d.standardDisciplineId])))
        }
        busy={action.busy}
        onClose={() => setDialog(null)}
        onAdd={(chosen) =>
          void save([
            ...current,
            ...chosen.map((s) => ({
              standardDisciplineId: s.id,
              name: s.name,
              abbreviation: s.abbreviation,
            })),
          ])
        }
      />
      {(dialog?.kind === 'custom' || dialog?.kind === 'edit') && (
        <DisciplineFormDialog
          opened
          title={t(dialog.kind === 'custom' ? 'disciplines.addCustom' : 'disciplines.editTitle')}
          initial={dialog.kind === 'edit' ? dialog.discipline : { name: '', abbreviation: '' }}
          taken={(abbreviation) =>
            abbreviationTaken(list, abbreviation, dialog.kind === 'edit' ? dialog.discipline.id : undefined)
          }
          busy={action.busy}
          onClose={() => setDialog(null)}
          onSave={(value) =>
            void save(
              dialog.kind === 'edit'
                ? current.map((d) => (d.id === dialog.discipline.id ? { ...d, ...value } : d))
                : [...current, value],
            )
          }
        />
      )}
      {dialog?.kind === 'remove' && (
        <TypedConfirmDialog
          opened
          title={t('disciplines.removeTitle')}
          message={t('disciplines.removeMessage', { name: dialog.discipline.name })}
          word={dialog.discipline.abbreviation}
          busy={action.busy}
          onClose={() => setDialog(null)}
          onConfirm={() => void save(current.filter((d) => d.id !== dialog.discipline.id))}
        />
      )}
    </SetupScreen>
  );
}
