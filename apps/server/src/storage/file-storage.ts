import path from 'node:path';
import type { Config } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';
import { FileUrlSigner, loadFilesSigningSecret } from './url-signer.ts';

/** The files of one server process: the store and the signer of Obra's /files URLs. */
export interface FileStorage {
  readonly store: FileStore;
  readonly signer: FileUrlSigner;
  /** The local store's upload receiver (undefined on S3, where clients PUT to the bucket). */
  readonly local: ReturnType<typeof createLocalFileStore> | undefined;
  /** An absolute URL that fetches `key` without credentials (served as `contentType`), valid for one to two hours. */
  downloadUrl(origin: string, key: string, contentType: string): string;
}

/** Opens the configured store: S3 when S3_BUCKET is set, else $DATA_DIR/files. */
export async function openFileStorage(config: Pick<Config, 'dataDir' | 'files'>): Promise<FileStorage> {
  const signer = new FileUrlSigner(
    loadFilesSigningSecret({ secret: config.files.signingSecret, dataDir: config.dataDir }),
  );
  const local = config.files.s3
    ? undefined
    : createLocalFileStore(path.join(config.dataDir, 'files'), signer);
  const store = config.files.s3 ? await createS3FileStore(config.files.s3) : (local as FileStore);
  return {
    store,
    signer,
    local,
    downloadUrl: (origin, key, contentType) => `${origin}${signer.downloadPath(key, contentType)}`,
  };
}
