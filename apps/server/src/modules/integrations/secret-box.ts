import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A sealed secret: the id of the key that sealed it and `iv.tag.ciphertext` (base64url). */
export interface Sealed {
  keyId: string;
  secret: string;
}

/**
 * The keys of the partner platforms' credentials at rest (AES-256-GCM, docs/integrations.md). The first key seals;
 * every key opens, so a key can rotate: put the new key first, keep the old ones until `needsReseal` has moved
 * every secret (each is sealed again under the current key the next time it is used).
 */
export class SecretBox {
  private readonly keys: Map<string, Buffer>;

  constructor(
    keys: readonly { id: string; key: Buffer }[],
    private readonly context = 'obra.integrations.v1',
  ) {
    if (keys.length === 0) throw new Error('SecretBox needs a key');
    for (const k of keys)
      if (k.key.length !== 32) throw new Error(`integration key ${k.id}: 32 bytes needed`);
    this.keys = new Map(keys.map((k) => [k.id, k.key]));
    this.currentId = keys[0]!.id;
  }

  /** The key that seals. */
  readonly currentId: string;

  /** Seals a text under the current key; the key id is bound into the tag (additional data). */
  seal(plain: string): Sealed {
    const key = this.keys.get(this.currentId)!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`${this.context}:${this.currentId}`));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return {
      keyId: this.currentId,
      secret: [iv, tag, body].map((b) => b.toString('base64url')).join('.'),
    };
  }

  /** Opens a sealed text; throws when its key is unknown or it was altered. */
  open(sealed: Sealed): string {
    const key = this.keys.get(sealed.keyId);
    if (!key) throw new Error(`integration key ${sealed.keyId} is not configured`);
    const [iv, tag, body] = sealed.secret.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) throw new Error('sealed secret malformed');
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(`${this.context}:${sealed.keyId}`));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  /** Whether a secret was sealed under an older key (it is sealed again when next used). */
  needsReseal(sealed: Sealed): boolean {
    return sealed.keyId !== this.currentId;
  }
}

/**
 * The keys from INTEGRATIONS_KEYS (`id:base64key,id:base64key`, the first seals), else one random key generated
 * once into `$DATA_DIR/keys/integrations-<id>.key` (the newest file seals; older files keep opening).
 */
export function loadSecretBox(options: {
  keys: readonly { id: string; key: string }[];
  dataDir: string;
}): SecretBox {
  if (options.keys.length > 0)
    return new SecretBox(options.keys.map((k) => ({ id: k.id, key: Buffer.from(k.key, 'base64') })));
  const dir = path.join(options.dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pattern = /^integrations-(\d{8}T\d{6}Z-[0-9a-f]{6})\.key$/;
  let files = fs.readdirSync(dir).filter((f) => pattern.test(f));
  if (files.length === 0) {
    const id = `${new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
    try {
      fs.writeFileSync(path.join(dir, `integrations-${id}.key`), randomBytes(32).toString('base64'), {
        flag: 'wx',
        mode: 0o600,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    files = fs.readdirSync(dir).filter((f) => pattern.test(f));
  }
  // Newest first: ids start with their creation time.
  files.sort().reverse();
  return new SecretBox(
    files.map((f) => ({
      id: pattern.exec(f)![1]!,
      key: Buffer.from(fs.readFileSync(path.join(dir, f), 'utf8').trim(), 'base64'),
    })),
  );
}
