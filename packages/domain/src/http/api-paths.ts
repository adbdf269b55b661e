/**
 * Path prefixes the server answers itself (API, files, health); every other GET is the single-page app. One list
 * for the server (apps/server/src/http/build-app.ts) and the service worker (apps/web/src/sw), which never answers
 * a navigation to them with the app shell. No prefix may hold a route of the web app (spec core §2:
 * `/autodoc/connect-project` is a web route, so the API's `/autodoc` calls are listed one by one, spec core §7);
 * apps/server/test/web-routes.test.ts checks every spec route against it.
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
  '/autodoc/user-integration',
  '/autodoc/autodoc-customers',
  '/autodoc/autodoc-projects',
  '/autodoc/project-integration',
  '/autodoc/projects',
  '/autodoc/platform',
  '/healthz',
  '/readyz',
] as const;
