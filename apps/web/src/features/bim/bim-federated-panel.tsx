import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showErrorToast } from '../../lib/error-toast.ts';
import {
  createFederated,
  deleteFederated,
  getModel,
  listFederated,
  type BimModel,
  type FederatedSummary,
} from './bim-api.ts';

const LATEST = 'latest';

/**
 * The project's federated models (a name and models, each pinned to a revision or "always load the latest",
 * editor §2.2): the list, and a form to build one from the models of the list.
 */
export function BimFederatedPanel({
  projectId,
  models,
  canWrite,
  linkSearch = '',
}: {
  projectId: number;
  models: BimModel[];
  canWrite: boolean;
  /** Kept on the links to the federated models (an issue's viewpoint to open: `?issue=`). */
  linkSearch?: string;
}) {
  const { t } = useTranslation(['bim', 'errors']);
  const [list, setList] = useState<FederatedSummary[] | null>(null);
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  // documentId → chosen revision (fileId as text, or LATEST); absent when the model is not in the set.
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [revisions, setRevisions] = useState<Map<number, BimModel[]>>(new Map());

  useEffect(() => {
    let cancelled = false;
    listFederated(projectId).then(
      (l) => !cancelled && setList(l),
      () => !cancelled && setList([]),
    );
    return () => {
      cancelled = true;
    };
  }, [projectId, version]);

  const toggle = async (model: BimModel, on: boolean) => {
    setChosen((c) => {
      const next = new Map(c);
      if (on) next.set(model.documentId, LATEST);
      else next.delete(model.documentId);
      return next;
    });
    if (on && !revisions.has(model.documentId)) {
      const detail = await getModel(projectId, model.fileId).catch(() => null);
      if (detail) setRevisions((r) => new Map(r).set(model.documentId, detail.revisions));
    }
  };

  const save = async () => {
    try {
      await createFederated(projectId, {
        name: name.trim(),
        items: [...chosen].map(([documentId, value]) => ({
          documentId,
          fileId: value === LATEST ? null : Number(value),
        })),
      });
      setEditing(false);
      setName('');
      setChosen(new Map());
      setVersion((v) => v + 1);
    } catch (error) {
      showErrorToast(t, error);
    }
  };

  const remove = async (id: number) => {
    try {
      await deleteFederated(projectId, id);
      setVersion((v) => v + 1);
    } catch (error) {
      showErrorToast(t, error);
    }
  };

  return (
    <Stack gap="sm" data-testid="bim-federated">
      <Group justify="space-between">
        <Title order={3}>{t('federated.title')}</Title>
        {canWrite && !editing && models.length > 0 && (
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing(true)}
            data-testid="bim-federated-new"
          >
            {t('federated.new')}
          </Button>
        )}
      </Group>
      {list && list.length === 0 && !editing && (
        <Text size="sm" c="dimmed">
          {t('federated.empty')}
        </Text>
      )}
      {list && list.length > 0 && (
        <Table>
          <Table.Tbody>
            {list.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>
                  <Anchor component={Link} to={`federated/${f.id}${linkSearch}`}>
                    {f.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t('federated.count', { count: f.modelCount })}</Table.Td>
                <Table.Td>
                  {canWrite && (
                    <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove(f.id)}>
                      {t('federated.delete')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <TextInput
              label={t('federated.name')}
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              data-testid="bim-federated-name"
            />
            {models.map((model) => {
              const value = chosen.get(model.documentId);
              return (
                <Group key={model.documentId} gap="sm" wrap="nowrap">
                  <Checkbox
                    label={model.documentName}
                    checked={value !== undefined}
                    onChange={(e) => void toggle(model, e.currentTarget.checked)}
                    data-testid={`bim-federated-pick-${model.documentName}`}
                  />
                  {value !== undefined && (
                    <Select
                      size="xs"
                      aria-label={t('federated.revision')}
                      value={value}
                      allowDeselect={false}
                      onChange={(v) => v && setChosen((c) => new Map(c).set(model.documentId, v))}
                      data-testid={`bim-federated-revision-${model.documentName}`}
                      data={[
                        { value: LATEST, label: t('federated.alwaysLatest') },
                        ...(revisions.get(model.documentId) ?? []).map((r) => ({
                          value: String(r.fileId),
                          label: t('revision', { revision: r.revisionName }),
                        })),
                      ]}
                    />
                  )}
                </Group>
              );
            })}
            <Group justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                {t('issue.cancel')}
              </Button>
              <Button
                size="xs"
                disabled={name.trim() === '' || chosen.size === 0}
                onClick={() => void save()}
                data-testid="bim-federated-save"
              >
                {t('federated.save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
