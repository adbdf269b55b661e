import { TEXT_LIMITS } from '@obra/domain';
import { ActionIcon, Badge, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from './tree-model.ts';
import { RemoveButton } from '../../../components/row-actions.tsx';

/** What a row can ask of the tree. */
export interface TreeEditorActions {
  onChange: (key: string, patch: { name?: string; abbreviation?: string }) => void;
  onAddChild: (key: string) => void;
  onMove: (key: string, direction: -1 | 1) => void;
  onDelete: (node: TreeNode) => void;
  /** The row whose name takes the keyboard focus when it appears (a row just added). */
  focusKey?: string | null;
}

/** The locals or labels tree: one row per item, children indented below their parent. */
export function TreeEditor({
  tree,
  abbreviations,
  readOnly,
  actions,
}: {
  tree: TreeNode[];
  abbreviations: Map<string, string>;
  readOnly: boolean;
  actions: TreeEditorActions;
}) {
  return (
    <Stack gap={4} role="tree" data-testid="tree-editor">
      <TreeLevel nodes={tree} depth={0} abbreviations={abbreviations} readOnly={readOnly} actions={actions} />
    </Stack>
  );
}

function TreeLevel({
  nodes,
  depth,
  abbreviations,
  readOnly,
  actions,
}: {
  nodes: TreeNode[];
  depth: number;
  abbreviations: Map<string, string>;
  readOnly: boolean;
  actions: TreeEditorActions;
}) {
  return nodes.map((node, index) => (
    <Stack key={node.key} gap={4} role="treeitem" aria-level={depth + 1} aria-label={node.name}>
      <TreeRow
        node={node}
        depth={depth}
        first={index === 0}
        last={index === nodes.length - 1}
        abbreviationTree={abbreviations.get(node.key) ?? ''}
        readOnly={readOnly}
        actions={actions}
      />
      {node.children.length > 0 && (
        <TreeLevel
          nodes={node.children}
          depth={depth + 1}
          abbreviations={abbreviations}
          readOnly={readOnly}
          actions={actions}
        />
      )}
    </Stack>
  ));
}

function TreeRow({
  node,
  depth,
  first,
  last,
  abbreviationTree,
  readOnly,
  actions,
}: {
  node: TreeNode;
  depth: number;
  first: boolean;
  last: boolean;
  abbreviationTree: string;
  readOnly: boolean;
  actions: TreeEditorActions;
}) {
  const { t } = useTranslation('projects');
  const indent = { paddingInlineStart: `calc(${depth} * var(--mantine-spacing-lg))` };
  if (readOnly) {
    return (
      <Group gap="sm" style={indent} data-testid="tree-row">
        <Text size="sm">{node.name}</Text>
        <Badge variant="light">{abbreviationTree}</Badge>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="wrap" style={indent} data-testid="tree-row">
      <TextInput
        size="xs"
        aria-label={t('tree.name')}
        placeholder={t('tree.name')}
        value={node.name}
        // A row just added takes the focus on its name, so the user types at once (issue 21).
        autoFocus={actions.focusKey === node.key}
        maxLength={TEXT_LIMITS.name}
        error={node.name.trim() === ''}
        onChange={(e) => actions.onChange(node.key, { name: e.currentTarget.value })}
        w={{ base: '100%', xs: 220 }}
      />
      <TextInput
        size="xs"
        aria-label={t('tree.abbreviation')}
        placeholder={t('tree.abbreviation')}
        value={node.abbreviation}
        maxLength={TEXT_LIMITS.abbreviation}
        error={node.abbreviation.trim() === ''}
        onChange={(e) => actions.onChange(node.key, { abbreviation: e.currentTarget.value })}
        w={100}
      />
      <Tooltip label={t('tree.abbreviationTree')}>
        <Badge variant="light" data-testid="tree-abbreviation">
          {abbreviationTree || '—'}
        </Badge>
      </Tooltip>
      <Group gap={2} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label={t('tree.addChild', { name: node.name })}
          onClick={() => actions.onAddChild(node.key)}
        >
          <IconPlus size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={t('tree.moveUp', { name: node.name })}
          disabled={first}
          onClick={() => actions.onMove(node.key, -1)}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label={t('tree.moveDown', { name: node.name })}
          disabled={last}
          onClick={() => actions.onMove(node.key, 1)}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
        <RemoveButton label={t('tree.delete', { name: node.name })} onClick={() => actions.onDelete(node)} />
      </Group>
    </Group>
  );
}
