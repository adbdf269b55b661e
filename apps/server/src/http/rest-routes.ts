import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services.ts';
import { registerHealthRoutes } from './health-routes.ts';
import { registerAuthRoutes } from './auth-routes.ts';
import { registerFederatedRoutes } from './federated-routes.ts';
import { registerFileRoutes } from '../storage/file-routes.ts';
import { registerProfileImageRoutes } from '../storage/profile-image-files.ts';
import { registerNotificationRoutes } from '../modules/notifications/notification-routes.ts';
import { registerBcfRoutes } from '../modules/bcf/bcf-routes.ts';
import { registerExportRoutes } from '../modules/exports/export-routes.ts';
import { registerDataLakeRoutes } from '../modules/data-lake/data-lake-routes.ts';
import { registerDriveRoutes } from '../modules/drive/drive-routes.ts';
import { registerProjectFilesRoutes } from '../modules/files/files-routes.ts';
import { registerViewerRoutes } from '../modules/viewer/viewer-routes.ts';
import { registerBimRoutes } from '../modules/bim/bim-routes.ts';
import { registerBcfApi } from '../modules/bcf/api/bcf-api-server.ts';

/**
 * Every REST route of Obra (not GraphQL, not the web app): registered by build-app on the server, and by
 * openapi-document on a bare instance to write docs/openapi.json, so both describe the same routes.
 */
export async function registerRestRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  registerHealthRoutes(app, services);
  registerAuthRoutes(app, services);
  registerFederatedRoutes(app, services);
  await registerFileRoutes(app, services.files);
  registerProfileImageRoutes(app, services.files);
  await registerNotificationRoutes(app, services);
  await registerBcfRoutes(app, services);
  registerExportRoutes(app, services);
  registerDataLakeRoutes(app, services);
  registerDriveRoutes(app, services);
  registerProjectFilesRoutes(app, services);
  await registerBcfApi(app, services);
  registerViewerRoutes(app, services);
  registerBimRoutes(app, services);
}
