import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services.ts';
import { registerHealthRoutes } from './routes/health-routes.ts';
import { registerAuthRoutes } from './routes/auth-routes.ts';
import { registerFederatedRoutes } from './routes/federated-routes.ts';
import { registerFileRoutes } from './routes/file-routes.ts';
import { registerProfileImageRoutes } from './routes/profile-image-routes.ts';
import { registerNotificationRoutes } from './routes/notification-routes.ts';
import { registerBcfRoutes } from './routes/bcf/bcf-routes.ts';
import { registerExportRoutes } from './routes/export-routes.ts';
import { registerDataLakeRoutes } from './routes/data-lake-routes.ts';
import { registerDriveRoutes } from './routes/drive/drive-routes.ts';
import { registerProjectFilesRoutes } from './routes/files/files-routes.ts';
import { registerViewerRoutes } from './routes/viewer-routes.ts';
import { registerBimRoutes } from './routes/bim/bim-routes.ts';
import { registerBcfApi } from './routes/bcf/bcf-api-server.ts';
import { registerAutodocRoutes } from './routes/autodoc/autodoc-routes.ts';
import { registerPowerBiRoutes } from './routes/power-bi-routes.ts';

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
  registerAutodocRoutes(app, services);
  registerPowerBiRoutes(app, services);
}
