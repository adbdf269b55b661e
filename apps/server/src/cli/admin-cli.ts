import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { isAppError, isEmailValid, isPasswordValid, normalizeEmail } from '@obra/domain';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createPasswordHasher } from '../auth/password-hasher.ts';
import { findUserByEmail, insertUser, updateUser } from '../modules/identity/user-repository.ts';
import { openServices } from '../server.ts';
import { ADMIN_SCRIPT_CATALOGUE, findAdminScript } from '../modules/admin-scripts/admin-script-catalogue.ts';
import { executeAdminScriptRun, startAdminScript } from '../modules/admin-scripts/admin-script-service.ts';

const USAGE = `Usage:
  npm run admin -- create --email <email> --password <password> [--name <name>] [--last-name <last name>]
      Creates a platform administrator (or makes an existing account one and sets its password).
  npm run admin -- scripts
      Lists the maintenance scripts (the admin area's /admin/scripts) with their parameters.
  npm run admin -- script <name> [--dry-run] [--param <name>=<value> ...]
      Runs one script here and now, printing its log; the run is recorded with the others (docs/admin.md).

Uses the same DATA_DIR / DATABASE_URL as the server. With the embedded database (no DATABASE_URL), stop the
server first: one process at a time opens it.`;

/** Runs the admin command line; returns the process exit code. */
export async function runAdminCli(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      'last-name': { type: 'string' },
      'dry-run': { type: 'boolean' },
      param: { type: 'string', multiple: true },
    },
  });
  if (positionals[0] === 'scripts') {
    for (const script of ADMIN_SCRIPT_CATALOGUE)
      out(
        `${script.name}${script.params
          .map((p) => ` ${p.required ? '' : '['}--param ${p.name}=<${p.type}>${p.required ? '' : ']'}`)
          .join('')}`,
      );
    return 0;
  }
  if (positionals[0] === 'script')
    return runScript(positionals[1], values['dry-run'] ?? false, values.param ?? [], out);
  if (positionals[0] !== 'create' || !values.email || !values.password) {
    out(USAGE);
    return 2;
  }
  if (!isEmailValid(values.email)) {
    out(`Not an e-mail address: ${values.email}`);
    return 2;
  }
  if (!isPasswordValid(values.password)) {
    out(
      'The password needs 8+ characters with an uppercase letter, a lowercase letter, a digit and a special character.',
    );
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    poolSize: 2,
  });
  try {
    const hasher = await createPasswordHasher();
    const email = normalizeEmail(values.email);
    const passwordHash = await hasher.hash(values.password);
    const names = { name: values.name?.trim() || null, lastName: values['last-name']?.trim() || null };
    const existing = await findUserByEmail(database.db, email);
    if (existing) {
      await updateUser(database.db, existing.id, {
        isAdmin: true,
        passwordHash,
        emailConfirmedAt: existing.emailConfirmedAt ?? new Date(),
      });
      out(`${email} is now a platform administrator (password updated).`);
      return 0;
    }
    await insertUser(database.db, {
      email,
      passwordHash,
      emailConfirmedAt: new Date(),
      isAdmin: true,
      ...names,
      confirmedRegister: Boolean(names.name && names.lastName),
    });
    out(`Platform administrator ${email} created.`);
    return 0;
  } finally {
    await database.close();
  }
}

/** `--param a=1 --param b=true` as the script's parameters (integers and booleans read as such). */
function parseParams(pairs: readonly string[]): Record<string, unknown> | string {
  const params: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) return `Not a parameter (name=value): ${pair}`;
    const value = pair.slice(at + 1);
    params[pair.slice(0, at)] = /^-?\d+$/.test(value)
      ? Number(value)
      : value === 'true'
        ? true
        : value === 'false'
          ? false
          : value;
  }
  return params;
}

async function runScript(
  name: string | undefined,
  dryRun: boolean,
  pairs: readonly string[],
  out: (line: string) => void,
): Promise<number> {
  if (!name || !findAdminScript(name)) {
    out(name ? `Unknown script: ${name} (npm run admin -- scripts lists them)` : USAGE);
    return 2;
  }
  const params = parseParams(pairs);
  if (typeof params === 'string') {
    out(params);
    return 2;
  }
  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const opened = await openServices(config, logger, { runsJobs: false });
  try {
    const run = await startAdminScript(opened.services, null, { name, params, dryRun, source: 'cli' });
    const done = await executeAdminScriptRun(opened.services, run.id);
    for (const entry of done.log) out(entry.line);
    if (done.summary) out(JSON.stringify(done.summary));
    return done.state === 'completed' ? 0 : 1;
  } catch (error) {
    out(isAppError(error) ? `${error.code}: ${error.message}` : String(error));
    return 2;
  } finally {
    await opened.close();
  }
}

// Run when invoked as a script (not when imported by tests): the source, or the built apps/server/dist/admin-cli.js.
if (
  import.meta.url === `file://${process.argv[1] ?? ''}` ||
  /admin-cli\.(ts|js)$/.test(process.argv[1] ?? '')
) {
  runAdminCli(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      process.stderr.write(
        `${error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    });
}
