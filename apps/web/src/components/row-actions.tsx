import type { ReactNode } from 'react';
import { ActionIcon, Button, Group } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';

/** One of a row's buttons: what it says to assistive technology and what it does. */
export interface RowAction {
  label: string;
  onClick: () => void;
}

/** A setup table row's icon buttons: edit (pencil), remove (red bin), then any of the screen's own. */
export function RowActions({
  edit,
  remove,
  justify,
  children,
}: {
  edit?: RowAction;
  remove?: RowAction;
  justify?: 'flex-end';
  children?: ReactNode;
}) {
  return (
    <Group gap={2} wrap="nowrap" justify={justify}>
      {edit && (
        <ActionIcon variant="subtle" aria-label={edit.label} onClick={edit.onClick}>
          <IconPencil size={16} />
        </ActionIcon>
      )}
      {remove && <RemoveButton label={remove.label} onClick={remove.onClick} />}
      {children}
    </Group>
  );
}

/**
 * A red bin icon button that removes a row or an item (an editor's line, a setup row, an image, the selection),
 * named for what it removes.
 */
export function RemoveButton({
  label,
  onClick,
  iconSize = 16,
  disabled,
  mt,
}: RowAction & {
  /** The bin's size: 16, or 14 and 18 beside other icons of those sizes. */
  iconSize?: number;
  disabled?: boolean;
  mt?: number;
}) {
  return (
    <ActionIcon variant="subtle" color="red" mt={mt} aria-label={label} disabled={disabled} onClick={onClick}>
      <IconTrash size={iconSize} />
    </ActionIcon>
  );
}

/** A line editor's button that adds a line (a discipline of an issue, of a bulk edit). */
export function AddLineButton({
  label,
  onClick,
  variant,
}: RowAction & {
  variant: 'light' | 'subtle';
}) {
  return (
    <Button
      variant={variant}
      size="xs"
      leftSection={<IconPlus size={14} />}
      onClick={onClick}
      style={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}

/** A row's red text button that takes something back (revoke a key, disconnect an app), named for the row. */
export function RevokeButton({
  label,
  ariaLabel,
  onClick,
}: {
  label: string;
  ariaLabel: string;
  onClick: () => void;
}) {
  return (
    <Button size="xs" variant="subtle" color="red" onClick={onClick} aria-label={ariaLabel}>
      {label}
    </Button>
  );
}
