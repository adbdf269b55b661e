import { useState } from 'react';
import { Box, Group, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BimProperties, BimTreeNode } from './bim-api.ts';

/** The children of a tree node drawn at first, and how many more each "Show more" adds (a storey may hold
 * tens of thousands of elements). */
const TREE_PAGE = 200;

function TreeNode({
  node,
  depth,
  selected,
  onSelect,
}: {
  node: BimTreeNode;
  depth: number;
  selected: boolean | ((id: number) => boolean);
  onSelect: (node: BimTreeNode) => void;
}) {
  const { t } = useTranslation('bim');
  const [open, setOpen] = useState(depth < 4 && node.spatial);
  const [shown, setShown] = useState(TREE_PAGE);
  const label = node.name?.trim() ? `${node.name.trim()} · ${node.cls}` : node.cls;
  const isSelected = typeof selected === 'function' ? selected(node.id) : selected;
  return (
    <Box>
      <Group gap={4} wrap="nowrap" pl={depth * 12}>
        {node.children.length > 0 ? (
          <UnstyledButton
            w={16}
            aria-label={open ? 'collapse' : 'expand'}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? '▾' : '▸'}
          </UnstyledButton>
        ) : (
          <Box w={16} />
        )}
        <UnstyledButton
          onClick={() => onSelect(node)}
          aria-current={isSelected ? 'true' : undefined}
          style={{ fontWeight: isSelected ? 700 : undefined, fontSize: 13, whiteSpace: 'nowrap' }}
        >
          {label}
        </UnstyledButton>
      </Group>
      {open &&
        node.children
          .slice(0, shown)
          .map((child) => (
            <TreeNode key={child.id} node={child} depth={depth + 1} selected={selected} onSelect={onSelect} />
          ))}
      {open && node.children.length > shown && (
        <UnstyledButton
          pl={(depth + 1) * 12 + 20}
          fz={13}
          c="blue"
          data-testid="bim-tree-more"
          onClick={() => setShown((n) => n + TREE_PAGE)}
        >
          {t('tree.more', {
            count: Math.min(TREE_PAGE, node.children.length - shown),
            total: node.children.length,
          })}
        </UnstyledButton>
      )}
    </Box>
  );
}

/** The spatial trees of the viewer's models (one per model, named when there are several). */
export function BimModelTree({
  models,
  isSelected,
  onSelect,
}: {
  models: readonly { source: { fileId: number; label: string }; properties: BimProperties }[];
  isSelected: (fileId: number, id: number) => boolean;
  onSelect: (fileId: number, node: BimTreeNode) => void;
}) {
  const { t } = useTranslation('bim');
  return (
    <ScrollArea w={280} data-testid="bim-tree" style={{ border: '1px solid var(--mantine-color-gray-3)' }}>
      <Box p="xs">
        <Text fw={600} size="sm" mb={4}>
          {t('tree.title')}
        </Text>
        {models.map((model) => (
          <Box key={model.source.fileId} mb="xs">
            {models.length > 1 && (
              <Text size="xs" c="dimmed">
                {model.source.label}
              </Text>
            )}
            <TreeNode
              node={model.properties.tree}
              depth={0}
              selected={(id) => isSelected(model.source.fileId, id)}
              onSelect={(n) => onSelect(model.source.fileId, n)}
            />
          </Box>
        ))}
      </Box>
    </ScrollArea>
  );
}
