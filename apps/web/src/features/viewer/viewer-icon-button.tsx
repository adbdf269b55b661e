import { ActionIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';

/** A toolbar button of the viewer: a subtle icon with its label for assistive technology (page and zoom buttons). */
export function ViewerIconButton(props: {
  readonly label: string;
  readonly icon: TablerIcon;
  readonly onClick: () => void;
  readonly disabled?: boolean;
}) {
  const { icon: IconShown } = props;
  return (
    <ActionIcon variant="subtle" aria-label={props.label} disabled={props.disabled} onClick={props.onClick}>
      <IconShown size={18} />
    </ActionIcon>
  );
}
