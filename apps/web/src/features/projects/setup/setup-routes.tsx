import { Navigate, type RouteObject } from 'react-router';
import { importWithReload } from '../../../lib/lazy-import.ts';
import { NotFoundPage } from '../../errors/network-error-screen.tsx';
import { sectionPath, type SetupAreaKind, type SetupSection } from './setup-sections.ts';

const pages = () => importWithReload(() => import('./setup-pages.ts'));
type Pages = Awaited<ReturnType<typeof pages>>;

// Each section's screen, looked up in the lazy chunk of the setup pages.
const SCREENS: Record<SetupSection, (p: Pages) => Pages[keyof Pages]> = {
  profile: (p) => p.SetupProfilePage,
  locals: (p) => p.SetupLocalsPage,
  labels: (p) => p.SetupLabelsPage,
  categories: (p) => p.SetupCategoriesPage,
  disciplinesStatus: (p) => p.SetupDisciplinesStatusPage,
  phases: (p) => p.SetupPhasesPage,
  disciplines: (p) => p.SetupDisciplinesPage,
  drive: (p) => p.SetupDrivePage,
  companies: (p) => p.SetupCompaniesPage,
  groups: (p) => p.SetupGroupsPage,
  userTags: (p) => p.SetupUserTagsPage,
  importSettings: (p) => p.SetupImportPage,
  exportSettings: (p) => p.SetupExportPage,
  duplicateProject: (p) => p.SetupDuplicatePage,
};

/**
 * The children of a setup route: one lazy route per section of the area (its admin paths are `import` and
 * `export`) and the index opening the profile. An unknown section, or one not built yet, is "not found" (the
 * layout shows that page in place of the section, and for sections the user may not see).
 */
export function setupChildRoutes(kind: SetupAreaKind, sections: readonly SetupSection[]): RouteObject[] {
  return [
    { index: true, element: <Navigate to="profile" replace /> },
    ...sections.map((section): RouteObject => ({
      path: sectionPath(kind, section),
      lazy: async () => ({ Component: SCREENS[section](await pages()) }),
    })),
    { path: '*', element: <NotFoundPage /> },
  ];
}
