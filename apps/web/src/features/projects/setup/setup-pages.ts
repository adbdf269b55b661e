// The setup screens, one lazy chunk: they share most of their code and are usually visited together.
export { SetupProfilePage } from './setup-profile-page.tsx';
export { SetupLocalsPage, SetupLabelsPage } from './setup-tree-page.tsx';
export { SetupCategoriesPage, SetupPhasesPage, SetupDisciplinesStatusPage } from './setup-switches-page.tsx';
export { SetupDisciplinesPage } from './setup-disciplines-page.tsx';
export { SetupDrivePage } from './setup-drive-page.tsx';
export { SetupCompaniesPage } from './setup-companies-page.tsx';
export { SetupGroupsPage } from './setup-groups-page.tsx';
export { SetupUserTagsPage } from './setup-user-tags-page.tsx';
export { SetupDuplicatePage } from './setup-duplicate-page.tsx';
export { SetupExportPage, SetupImportPage } from './setup-copy-settings-page.tsx';
export { SetupIntegrationsPage } from '../../integrations/setup-integrations-page.tsx';
