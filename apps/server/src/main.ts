import fs from 'node:fs';
import { ConfigError, loadConfig, withRoleFlag } from './config.ts';
import { createLogger, startServer } from './server.ts';
import { demoUsersFile, type DemoUser } from './seed/demo.ts';
import { checkEnvKeys } from './auth/token-keys.ts';
import { applyServerHeapSettings } from './v8-heap.ts';

async function main(): Promise<void> {
  // Before anything allocates much: V8's heap growing factor, so a streamed upload does not meet back-to-back full
  // collections after an idle period (v8-heap.ts).
  applyServerHeapSettings();
  let config;
  try {
    config = loadConfig(withRoleFlag(process.env, process.argv.slice(2)));
    // Checked before the database opens, so a bad key stops the start at once.
    if (config.auth.jwtPrivateKey || config.auth.jwtPublicKey)
      checkEnvKeys(config.auth.jwtPrivateKey, config.auth.jwtPublicKey);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config);
  const server = await startServer(config, logger);
  const publicUrl = config.publicUrl;
  if (config.role === 'worker')
    process.stdout.write(`\nObra worker is running jobs (health checks on ${server.url})\n\n`);
  else
    process.stdout.write(
      `\nObra is running at ${publicUrl} (listening on ${server.url}${config.role === 'web' ? ', web role: no jobs' : ''})\n\n`,
    );
  printDemoUsers(server.demoUsers, config.dataDir);

  const shutdown = (signal: string): void => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

// Shown once, on the first start: the passwords exist nowhere else but the demo-users file.
function printDemoUsers(users: DemoUser[] | undefined, dataDir: string): void {
  if (!users) {
    if (fs.existsSync(demoUsersFile(dataDir)))
      process.stdout.write(`Demo sign-ins: ${demoUsersFile(dataDir)}\n\n`);
    return;
  }
  process.stdout.write('Demo sign-ins (also in ' + demoUsersFile(dataDir) + '):\n');
  for (const u of users) process.stdout.write(`  ${u.role.padEnd(20)} ${u.email.padEnd(38)} ${u.password}\n`);
  process.stdout.write('\n');
}

main().catch((error: unknown) => {
  // Some settings can only be checked while starting (the signing keys): still a configuration error.
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(
    `Obra failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
