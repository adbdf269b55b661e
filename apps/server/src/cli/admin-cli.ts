import path from 'node:path';
import { parseArgs } from 'node:util';
import { isEmailValid, isPasswordValid, normalizeEmail } from '@obra/domain';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createPasswordHasher } from '../auth/password-hasher.ts';
import { findUserByEmail, insertUser, updateUser } from '../modules/identity/user-repository.ts';

const USAGE = `Usage: npm run admin -- create --email <email> --password <password> [--name <name>] [--last-name <last name>]

Creates a platform administrator (or makes an existing account one and sets its password).
Uses the same DATA_DIR / DATABASE_URL as the server.`;

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
    },
  });
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

// Run when invoked as a script (not when imported by tests).
if (import.meta.url === `file://${process.argv[1] ?? ''}` || process.argv[1]?.endsWith('admin-cli.ts')) {
  runAdminCli(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      process.stderr.write(
        `${error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    });
}
