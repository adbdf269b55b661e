import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A real S3-compatible server (s3rver) on loopback, with one bucket, for the S3 file store. */
export interface TestS3 {
  /** The S3_* variables that point Obra at it. */
  readonly env: Record<string, string>;
  readonly bucket: string;
  /** Where s3rver keeps the bucket's objects on disk. */
  readonly directory: string;
  close(): Promise<void>;
}

/** Starts s3rver on a free loopback port with a fresh directory and the bucket `obra-test`. */
export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'obra-s3-'));
  const bucket = 'obra-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    bucket,
    directory,
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
