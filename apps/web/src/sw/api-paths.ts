/**
 * Paths the server answers itself (API, files, health): the service worker never answers a navigation to them
 * with the app shell. Kept in step with API_PREFIXES of apps/server/src/http/build-app.ts.
 */
export const API_PATH_PREFIXES = [
  '/graphql',
  '/auth',
  '/files',
  '/profile-images',
  '/project-drive',
  '/project-files',
  '/bcf',
  '/bcf-xml',
  '/foundation',
  '/bcf-oauth',
  '/data-lake',
  '/exports',
  '/healthz',
  '/readyz',
  // The journeys' test routes (e2e only).
  '/test',
] as const;
