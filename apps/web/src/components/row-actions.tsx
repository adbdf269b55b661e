import type { ReactNode } from 'react';
import { ActionIcon, Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

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
      {remove && (
        <ActionIcon variant="subtle" color="red" aria-label={remove.label} onClick={remove.onClick}>
          <IconTrash size={16} />
        </ActionIcon>
      )}
      {children}
    </Group>
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
