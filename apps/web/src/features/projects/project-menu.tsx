import {
  IconBox,
  IconCloudDown,
  IconChartBar,
  IconFiles,
  IconFolders,
  IconListDetails,
  IconSettings,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { SideMenuItem } from '../../components/side-menu/side-menu.tsx';

// The screens of each module the web has built; a module the server offers without screens here is not listed.
const MODULE_SCREENS: Record<
  string,
  {
    /** A key of the projects namespace, or of another one loaded with it (`files:menu`). */
    label: 'menu.issues' | 'menu.dashboards' | 'menu.drive' | 'menu.setup' | 'menu.bim' | 'files:menu';
    icon: ReactNode;
    /** The module's path under the project when it is not the module's name. */
    path?: string;
  }
> = {
  issues: { label: 'menu.issues', icon: <IconListDetails size={18} /> },
  dashboards: { label: 'menu.dashboards', icon: <IconChartBar size={18} /> },
  drive: { label: 'menu.drive', icon: <IconFolders size={18} /> },
  files: { label: 'files:menu', icon: <IconFiles size={18} /> },
  setup: { label: 'menu.setup', icon: <IconSettings size={18} /> },
  bim: { label: 'menu.bim', icon: <IconBox size={18} />, path: 'bim-files/models' },
};

/**
 * The project's side menu: one item per module the project offers (`modules`), in its order; and, after the drive,
 * the partner platform's documents when the project is linked to one (docs/integrations.md).
 */
export function projectMenuItems(
  projectId: number,
  modules: readonly string[],
  t: TFunction<'projects'>,
  options: { linkedToPartner?: boolean } = {},
): SideMenuItem[] {
  return modules.flatMap((module) => {
    const screen = MODULE_SCREENS[module];
    if (!screen) return [];
    const item = {
      name: module,
      label: t(screen.label),
      to: `/workspace/project/${projectId}/${screen.path ?? module}`,
      icon: screen.icon,
    };
    if (module !== 'drive' || !options.linkedToPartner) return [item];
    return [
      item,
      {
        name: 'partner-documents',
        label: t('menu.partnerDocuments'),
        to: `/workspace/project/${projectId}/partner-documents`,
        icon: <IconCloudDown size={18} />,
      },
    ];
  });
}

/** Whether a project's integrations (Project.integrations) link it to a partner platform's project. */
export function isLinkedToPartner(integrations: unknown): boolean {
  return (
    typeof integrations === 'object' &&
    integrations !== null &&
    typeof (integrations as { autodocProjectId?: unknown }).autodocProjectId === 'string'
  );
}
