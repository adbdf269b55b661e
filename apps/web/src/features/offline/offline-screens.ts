/**
 * The code of the screens a kept project opens without a network: the issue view, the create form (with its
 * editors) and the document viewer (its kept drawings). Fetched while the project is being kept, so that the service worker's cache of /assets/ holds them
 * before the network goes, not only when the user happened to open them online. A failure is left for the
 * next sync: the data is kept either way.
 */
export async function keepOfflineScreens(): Promise<void> {
  await Promise.allSettled([
    import('../issues/view/issue-view-page.tsx'),
    import('../issues/edit/create-issue-button.tsx'),
    import('../viewer/document-viewer-page.tsx'),
  ]);
}
