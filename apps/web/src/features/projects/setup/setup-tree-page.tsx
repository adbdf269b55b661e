import { useMemo, useRef, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { OutlineItem } from '@obra/domain';
import { useTranslation } from 'react-i18next';
import { useClient } from 'urql';
import { SetProjectLabelsDocument, SetProjectLocalsDocument } from '../../../gql/generated.ts';
import { useProject } from '../project-context.ts';
import { ConfirmDialog, SetupScreen, useCanSetup, useSetupAction } from './setup-common.tsx';
import { TreeEditor } from './tree-editor.tsx';
import { OutlineImportDialog } from './outline-import-dialog.tsx';
import {
  abbreviationTrees,
  addNode,
  deleteNode,
  isTreeComplete,
  moveNode,
  treeFromItems,
  treeToInput,
  updateNode,
  type TreeNode,
} from './tree-model.ts';

/** setup/locals. */
export function SetupLocalsPage() {
  const { project } = useProject();
  // A new key after each save starts the editor from the saved tree, so new items get their ids.
  return <SetupTreePage key={treeVersion(project.locals)} kind="locals" />;
}

/** setup/labels. */
export function SetupLabelsPage() {
  const { project } = useProject();
  return <SetupTreePage key={treeVersion(project.labels)} kind="labels" />;
}

function treeVersion(
  items: readonly { id: number; name: string; abbreviation: string; position: number }[],
): string {
  return items.map((i) => `${i.id}:${i.position}:${i.name}:${i.abbreviation}`).join('|');
}

/** Locals or labels: edit the whole tree, then save it at once (the mutation takes the whole tree). */
function SetupTreePage({ kind }: { kind: 'locals' | 'labels' }) {
  const { t } = useTranslation(['projects', 'everyday']);
  const { project } = useProject();
  const client = useClient();
  const [importing, setImporting] = useState(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const action = useSetupAction();
  const canWrite = useCanSetup();
  const saved = useMemo(() => treeFromItems(project[kind]), [project, kind]);
  const [tree, setTree] = useState<TreeNode[]>(saved);
  const [removing, setRemoving] = useState<TreeNode | null>(null);
  const counter = useRef(0);
  const abbreviations = useMemo(() => abbreviationTrees(tree), [tree]);
  const dirty = JSON.stringify(treeToInput(tree)) !== JSON.stringify(treeToInput(saved));
  const fresh = (): TreeNode => {
    counter.current += 1;
    return { key: `new-${counter.current}`, name: '', abbreviation: '', children: [] };
  };
  const added = (parentKey: string | null) => {
    const node = fresh();
    setFocusKey(node.key);
    setTree((current) => addNode(current, parentKey, node));
  };
  const imported = (items: readonly OutlineItem[]): TreeNode[] =>
    items.map((item) => ({
      ...fresh(),
      name: item.name,
      abbreviation: item.abbreviation,
      children: imported(item.children),
    }));
  const parents = useMemo(() => {
    const out: { key: string; label: string }[] = [];
    const walk = (nodes: readonly TreeNode[]) => {
      for (const node of nodes) {
        if (node.name.trim())
          out.push({ key: node.key, label: `${abbreviations.get(node.key) ?? ''} · ${node.name}` });
        walk(node.children);
      }
    };
    walk(tree);
    return out;
  }, [tree, abbreviations]);

  const save = () =>
    void action.run(() => {
      const input = treeToInput(tree);
      return kind === 'locals'
        ? client.mutation(SetProjectLocalsDocument, { projectId: project.id, locals: input }).toPromise()
        : client.mutation(SetProjectLabelsDocument, { projectId: project.id, labels: input }).toPromise();
    });

  return (
    <SetupScreen
      section={kind}
      canWrite={project.permissions.canSetup}
      primary={{ onClick: () => added(null) }}
      editMode={{
        onSave: save,
        onCancel: () => setTree(saved),
        saving: action.busy,
        canSave: dirty && isTreeComplete(tree),
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
          {t(`setup.${kind}.intro`)}
        </Text>
        {canWrite && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileImport size={14} />}
            onClick={() => setImporting(true)}
            data-testid="tree-import-button"
          >
            {t('everyday:import.open')}
          </Button>
        )}
      </Group>
      <OutlineImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        parents={parents}
        onAdd={(items, parentKey) => {
          const nodes = imported(items);
          setFocusKey(nodes[0]?.key ?? null);
          setTree((current) => nodes.reduce((next, node) => addNode(next, parentKey, node), current));
        }}
      />
      {tree.length === 0 ? (
        <Text ta="center" c="dimmed" py="lg" data-testid="tree-empty">
          {t(`setup.${kind}.empty`)}
        </Text>
      ) : (
        <TreeEditor
          tree={tree}
          abbreviations={abbreviations}
          readOnly={!canWrite}
          actions={{
            onChange: (key, patch) => setTree((current) => updateNode(current, key, patch)),
            onAddChild: added,
            onMove: (key, direction) => setTree((current) => moveNode(current, key, direction)),
            onDelete: setRemoving,
            focusKey,
          }}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('tree.deleteTitle')}
        message={t('tree.deleteMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('common.remove')}
        danger
        onConfirm={() => {
          if (removing) setTree((current) => deleteNode(current, removing.key));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </SetupScreen>
  );
}
