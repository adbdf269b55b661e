import { useState } from 'react';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClient, useQuery } from 'urql';
import { SetupSetProjectUserTagsDocument, SetupUserTagsDocument } from '../../../gql/generated.ts';
import { FormError } from '../../../components/form-error.tsx';
import { SetupFormDialog, SetupNameField, type NamedValueDialogProps } from './setup-form-dialog.tsx';
import { useProject } from '../project-context.ts';
import { PROJECT_ACTIVE } from '../project-sections.ts';
import { SetupScreen, TypedConfirmDialog, useSetupAction } from './setup-common.tsx';
import { LoadingCenter } from '../../../components/loading.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

interface Tag {
  id: number;
  name: string;
}

type Dialog = { kind: 'create' } | { kind: 'rename'; tag: Tag } | { kind: 'delete'; tag: Tag } | null;

/**
 * setup/userTags: the caller's personal tags in this project (spec core §7 setProjectUserTags), which only they
 * see on issues. The whole list is saved at each change: kept ids are renamed, the rest deleted.
 */
export function SetupUserTagsPage() {
  const { t } = useTranslation('projects');
  const { project } = useProject();
  const client = useClient();
  const [query, refetch] = useQuery({ query: SetupUserTagsDocument, variables: { projectId: project.id } });
  const action = useSetupAction({
    inlineErrors: true,
    onDone: () => refetch({ requestPolicy: 'network-only' }),
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const tags = query.data?.projectData.userTags;
  const participant = project.permissions.role !== null;
  const writable = participant && project.status === PROJECT_ACTIVE;

  const close = () => {
    action.clearError();
    setDialog(null);
  };
  const save = async (next: { id?: number; name: string }[]) => {
    const done = await action.run(() =>
      client.mutation(SetupSetProjectUserTagsDocument, { projectId: project.id, tags: next }).toPromise(),
    );
    if (done) setDialog(null);
  };
  const current = (tags ?? []).map((tag) => ({ id: tag.id, name: tag.name }));
  const taken = (name: string, exceptId?: number) =>
    current.some((tag) => tag.id !== exceptId && tag.name.trim().toLowerCase() === name.trim().toLowerCase());

  return (
    <SetupScreen
      section="userTags"
      canWrite={participant}
      primary={{ label: t('userTags.new'), onClick: () => setDialog({ kind: 'create' }) }}
    >
      <Text size="sm" c="dimmed">
        {t('setup.userTags.intro')}
      </Text>
      <FormError error={query.error} />
      {query.fetching && !tags && <LoadingCenter />}
      {tags && tags.length === 0 && (
        <Text ta="center" c="dimmed" py="lg" data-testid="user-tags-empty">
          {t('userTags.empty')}
        </Text>
      )}
      {tags && tags.length > 0 && (
        <Table striped data-testid="user-tags-table">
          <Table.Tbody>
            {tags.map((tag) => (
              <Table.Tr key={tag.id} data-testid="user-tag-row">
                <Table.Td>{tag.name}</Table.Td>
                {writable && (
                  <Table.Td w={90}>
                    <RowActions
                      justify="flex-end"
                      edit={{
                        label: t('userTags.rename', { name: tag.name }),
                        onClick: () => setDialog({ kind: 'rename', tag }),
                      }}
                      remove={{
                        label: t('userTags.delete', { name: tag.name }),
                        onClick: () => setDialog({ kind: 'delete', tag }),
                      }}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'rename') && (
        <TagNameDialog
          title={t(dialog.kind === 'create' ? 'userTags.createTitle' : 'userTags.renameTitle')}
          initial={dialog.kind === 'rename' ? dialog.tag.name : ''}
          taken={(name) => taken(name, dialog.kind === 'rename' ? dialog.tag.id : undefined)}
          busy={action.busy}
          error={action.error}
          onClose={close}
          onSave={(name) =>
            void save(
              dialog.kind === 'rename'
                ? current.map((tag) => (tag.id === dialog.tag.id ? { ...tag, name } : tag))
                : [...current, { name }],
            )
          }
        />
      )}
      {dialog?.kind === 'delete' && (
        <TypedConfirmDialog
          opened
          title={t('userTags.deleteTitle')}
          message={t('userTags.deleteMessage', { name: dialog.tag.name })}
          word={dialog.tag.name}
          busy={action.busy}
          error={action.error}
          onClose={close}
          onConfirm={() => void save(current.filter((tag) => tag.id !== dialog.tag.id))}
        />
      )}
    </SetupScreen>
  );
}

function TagNameDialog({ initial, taken, onSave, ...dialog }: NamedValueDialogProps<string>) {
  const { t } = useTranslation('projects');
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const nameError =
    name.trim() === '' ? t('userTags.nameRequired') : taken(name) ? t('userTags.nameTaken') : null;
  return (
    <SetupFormDialog
      {...dialog}
      onSubmit={() => {
        setTouched(true);
        if (!nameError) onSave(name.trim());
      }}
    >
      <SetupNameField
        label={t('userTags.name')}
        value={name}
        onChange={setName}
        error={touched ? nameError : null}
      />
    </SetupFormDialog>
  );
}
