import {
  AbortMultipartUploadCommand,
  ListMultipartUploadsCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable, Transform } from 'node:stream';
import type { S3Config } from '../config.ts';
import type { FileStore, StoredObjectInfo } from './file-store.ts';

/** How long the store's own download URL (behind Obra's signed redirect) stays valid. */
const REDIRECT_SECONDS = 300;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket. Clients PUT straight to the bucket through presigned URLs (the bucket's
 * CORS must allow PUT and GET from Obra's origin); downloads go through Obra's signed /files URL, which checks
 * the signature and redirects to a presigned GET that answers with the content type Obra detected.
 */
export async function createS3FileStore(config: S3Config): Promise<FileStore> {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: presigned PUTs from browsers cannot compute the SDK's default one,
    // and S3-compatible services do not all know the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = config.bucket;
  // The bucket's browser-facing origin, as the SDK addresses it (path or virtual-host style, custom endpoint).
  const probe = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 'probe' }), {
    expiresIn: 60,
  });
  /** Aborts the unfinished multipart uploads (under `prefix`) that `which` selects; answers how many. */
  const abortUploads = async (
    which: (upload: { Key?: string; Initiated?: Date }) => boolean,
    prefix?: string,
  ): Promise<number> => {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await client.send(
        new ListMultipartUploadsCommand({
          Bucket: bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...(keyMarker ? { KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker } : {}),
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !which(upload)) continue;
        await client.send(
          new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
        aborted += 1;
      }
      if (!page.IsTruncated) return aborted;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  };
  return {
    kind: 's3',
    externalOrigins: [new URL(probe).origin],
    async uploadUrl(key, options) {
      const expiresIn = Math.max(1, options.expires - Math.floor(Date.now() / 1000));
      return getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key }), { expiresIn });
    },
    async stat(key): Promise<StoredObjectInfo | undefined> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!object.Body) throw new Error(`empty body for ${key}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async write(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async readStream(key, range) {
      const object = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(object.Body instanceof Readable)) throw new Error(`no stream for ${key}`);
      return object.Body;
    },
    async writeStream(key, body, contentType) {
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      body.on('error', (error) => count.destroy(error));
      // Multipart: parts of 8 MB, at most 4 in flight, so memory stays bounded whatever the size.
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body.pipe(count), ContentType: contentType },
        partSize: 8 * 1024 * 1024,
        queueSize: 4,
      });
      await upload.done();
      return size;
    },
    async promote(uploadKey, key) {
      // One copy inside the bucket (up to 5 GB; drive files are 2 GB at most), then the upload object goes.
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: key,
          CopySource: `${bucket}/${uploadKey.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: uploadKey }));
    },
    async removePartials(key) {
      return abortUploads((upload) => upload.Key === key, key);
    },
    async removeStalePartials(before) {
      return abortUploads((upload) => upload.Initiated !== undefined && upload.Initiated < before);
    },
    async remove(keys) {
      // One DeleteObject each: DeleteObjects needs a checksum header that not every S3-compatible service takes.
      await Promise.all(
        keys.map((key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))),
      );
    },
    async download(key, options) {
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ResponseContentType: options.contentType,
        ResponseCacheControl: `private, max-age=${REDIRECT_SECONDS}`,
      });
      return { redirect: await getSignedUrl(client, command, { expiresIn: REDIRECT_SECONDS }) };
    },
    close() {
      client.destroy();
    },
  };
}
