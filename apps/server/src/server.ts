import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import { listenToOtherProcessesWrites } from './db/read-replicas.ts';
import { forgetSessionsOnAccessNotices } from './realtime/access-notices.ts';
import { buildHttpApp } from './http/build-app.ts';
import { buildHealthOnlyApp } from './http/health-app.ts';
import { drainOnShutdown } from './http/connection-drain.ts';
import { startJobQueue } from './jobs/job-queue.ts';
import { registerWorkers } from './jobs/register-workers.ts';
import { watchIssueCreation } from './modules/smart-flow/smart-flow-runner.ts';
import { createMailer } from './mail/mailer.ts';
import { createAppPubSub } from './realtime/pubsub.ts';
import { attachGraphQLWebSocket } from './realtime/ws-server.ts';
import { seedStandardData, type SeedResult } from './seed/seed.ts';
import { createAuthRuntime } from './auth/auth-runtime.ts';
import { seedDemoWorld, type DemoUser } from './seed/demo.ts';
import { configureUnitOfWork } from './db/unit-of-work.ts';
import type { AppServices } from './services.ts';
import { openFileStorage } from './storage/file-storage.ts';
import { createMetrics } from './observability/metrics.ts';
import { startTracing } from './observability/tracing.ts';

/** A running Obra server process. */
export interface RunningServer {
  readonly services: AppServices;
  readonly app: FastifyInstance;
  readonly url: string;
  readonly seed: SeedResult;
  /** The demo sign-ins created by this start (first start with SEED_DEMO only). */
  readonly demoUsers: DemoUser[] | undefined;
  /** Stops accepting work, drains, and releases every resource. Safe to call twice. */
  close(): Promise<void>;
}

/** Creates the logger: JSON lines, secrets redacted; `destination` defaults to stdout (tests capture it). */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-access-key-secret"]',
          '*.refreshToken',
          '*.accessToken',
          'res.headers["set-cookie"]',
          '*.password',
          '*.newPassword',
          '*.oldPassword',
          '*.secret',
          '*.token',
          '*.code',
          // Failed-query errors carry their bound values (codes, e-mail bodies): never log them.
          'err.params',
          'err.cause.params',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

/** Every resource a process of Obra works with, opened, and how to release them (in reverse order). */
export interface OpenServices {
  readonly services: AppServices;
  readonly seed: SeedResult;
  close(): Promise<void>;
}

/**
 * Opens the database (migrated, standard data seeded), pub/sub, the job queue, the mailer, the auth runtime and the
 * file store: what the server and the command line's admin scripts both need.
 */
export async function openServices(
  config: Config,
  logger: Logger,
  options: { pgliteTemplate?: Blob | undefined; runsJobs?: boolean } = {},
): Promise<OpenServices> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: config.databasePoolSize,
    pgliteTemplate: options.pgliteTemplate,
    replicaUrls: config.databaseReplicaUrls,
    replicaMaxLagMs: config.databaseReplicaMaxLagMs,
    logger,
  });
  configureUnitOfWork({ strict: config.env === 'test', logger });
  const seed = await seedStandardData(database.db);
  const pubsub = createAppPubSub(config.redisUrl, logger);
  const jobs = await startJobQueue(database, logger, {
    runsJobs: options.runsJobs ?? config.runJobs,
    jobTimeoutSeconds: config.jobTimeoutSeconds,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger,
  });
  const auth = await createAuthRuntime(config, logger);
  const files = await openFileStorage(config);
  const services: AppServices = {
    processId: randomUUID(),
    config,
    database,
    logger,
    pubsub,
    jobs,
    mailer,
    auth,
    files,
  };
  // Issue rules of the smart flow hear of issues created by this process (docs/smart-flow.md).
  const unwatch = watchIssueCreation(services);
  // Read replicas: the writes committed by the other processes count for read-your-writes here too.
  const unlistenWrites = listenToOtherProcessesWrites(services);
  // Sessions closed by another process are forgotten here at once, not after the cache's two seconds.
  const unlistenAccess = forgetSessionsOnAccessNotices(services);
  const close = async () => {
    unwatch();
    unlistenWrites();
    unlistenAccess();
    await jobs.stop();
    await pubsub.close();
    await auth.close();
    files.store.close();
    mailer.close();
    await database.close();
  };
  return { services, seed, close };
}

/** Opens every resource, seeds, and listens; the order matters for a clean shutdown. */
export async function startServer(
  config: Config,
  logger: Logger = createLogger(config),
  options: { pgliteTemplate?: Blob } = {},
): Promise<RunningServer> {
  const tracing = startTracing(config.observability, logger);
  const opened = await openServices(config, logger, options);
  const { seed } = opened;
  const services: AppServices = {
    ...opened.services,
    metrics: createMetrics(config.observability, opened.services.database, logger),
  };
  const { database, pubsub } = services;
  const demoUsers = config.seedDemo ? await seedDemoWorld(services) : undefined;
  if (config.runJobs) await registerWorkers(services);

  // A worker answers health checks only; web and all-in-one processes serve the API, the websocket and the app.
  const { app, yoga } =
    config.role === 'worker'
      ? { app: await buildHealthOnlyApp(services), yoga: undefined }
      : await buildHttpApp(services);
  const connections = drainOnShutdown(app.server);
  await app.listen({ port: config.port, host: config.host });
  const closeWs = yoga ? attachGraphQLWebSocket(app.server, yoga, services) : async () => undefined;
  const address = app.server.address() as AddressInfo;
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  logger.info(
    {
      url,
      role: config.role,
      database: database.kind,
      pubsub: pubsub.distributed ? 'redis' : 'in-process',
      readReplicas: config.databaseReplicaUrls.length,
      jobs: config.runJobs,
    },
    'Obra is listening',
  );

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      // Keep-alive connections end with the answer they are working on; idle ones end now.
      connections.drain();
      pubsub.publish('server:status', services.processId, {
        state: 'shutting_down',
        at: new Date().toISOString(),
      });
      // Give connected clients a moment to receive the notice before their sockets close.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await closeWs();
      await app.close();
      await opened.close();
      await tracing?.close();
    })();
    return closing;
  };
  return { services, app, url, seed, demoUsers, close };
}
