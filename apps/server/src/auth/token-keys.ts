import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importPKCS8,
  importSPKI,
  type CryptoKey,
} from 'jose';

/** The key pair that signs access tokens. */
export interface SigningKeys {
  readonly alg: 'ES256';
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
}

const ALG = 'ES256';

/**
 * Loads the signing keys from JWT_PRIVATE_KEY/JWT_PUBLIC_KEY (PEM) when given, else from `$DATA_DIR/keys`,
 * generating them there on first start. Several processes must share the keys: give them by env, or share DATA_DIR.
 */
export async function loadSigningKeys(options: {
  privatePem?: string | undefined;
  publicPem?: string | undefined;
  dataDir: string;
}): Promise<SigningKeys> {
  if (options.privatePem || options.publicPem) {
    const pair = checkEnvKeys(options.privatePem, options.publicPem);
    return importKeys(pair.privatePem, pair.publicPem);
  }
  const dir = path.join(options.dataDir, 'keys');
  const privateFile = path.join(dir, 'jwt-private.pem');
  const publicFile = path.join(dir, 'jwt-public.pem');
  if (!fs.existsSync(privateFile) || !fs.existsSync(publicFile)) {
    const pair = await generateKeyPair(ALG, { extractable: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Written with exclusive create: if another process won the race, its keys are the ones used.
    writeIfAbsent(privateFile, await exportPKCS8(pair.privateKey), 0o600);
    writeIfAbsent(publicFile, await exportSPKI(pair.publicKey), 0o644);
  }
  return importKeys(fs.readFileSync(privateFile, 'utf8'), fs.readFileSync(publicFile, 'utf8'));
}

/**
 * Validates keys given by env before anything uses them: both present, each a PEM of a P-256 key (ES256), and the
 * public key the one of the private key. A bad key is a configuration error (exit 2, the variable named), not a
 * crash with a stack trace. Returns them as PKCS#8 and SPKI PEM (SEC1 private keys are accepted too).
 */
export function checkEnvKeys(
  privatePem: string | undefined,
  publicPem: string | undefined,
): { privatePem: string; publicPem: string } {
  if (!privatePem || !publicPem)
    throw new ConfigError(['JWT_PRIVATE_KEY, JWT_PUBLIC_KEY: give both or neither']);
  const problems: string[] = [];
  const privateKey = parseKey(() => createPrivateKey(unescapePem(privatePem)));
  const publicKey = parseKey(() => createPublicKey(unescapePem(publicPem)));
  if (!privateKey) problems.push('JWT_PRIVATE_KEY: not a PEM private key on the P-256 curve (ES256)');
  if (!publicKey) problems.push('JWT_PUBLIC_KEY: not a PEM public key on the P-256 curve (ES256)');
  if (privateKey && publicKey && !createPublicKey(privateKey).equals(publicKey)) {
    problems.push('JWT_PUBLIC_KEY: is not the public key of JWT_PRIVATE_KEY');
  }
  if (problems.length > 0 || !privateKey || !publicKey) throw new ConfigError(problems);
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

// Env files often carry a PEM on one line with literal "\n".
function unescapePem(pem: string): string {
  return pem.replace(/\\n/g, '\n').trim();
}

function parseKey(parse: () => KeyObject): KeyObject | undefined {
  try {
    const key = parse();
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
      ? key
      : undefined;
  } catch {
    return undefined;
  }
}

async function importKeys(privatePem: string, publicPem: string): Promise<SigningKeys> {
  const privateKey = await importPKCS8(privatePem.replace(/\\n/g, '\n'), ALG);
  const publicKey = await importSPKI(publicPem.replace(/\\n/g, '\n'), ALG, { extractable: true });
  const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
  return { alg: ALG, kid, privateKey, publicKey };
}

function writeIfAbsent(file: string, content: string, mode: number): void {
  try {
    fs.writeFileSync(file, content, { flag: 'wx', mode });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
