import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { type Storage, type StoredEntry, isValidKey } from './storage.js';

export type S3StorageConfig = Pick<
  Config,
  'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

function checkedKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/**
 * Any S3-compatible object store (AWS S3, MinIO, Ceph, R2 …), for several app processes that
 * must see the same files (ADR 0001). A PUT is atomic on S3: readers see the old object or
 * the whole new one, never half a file. Objects stay private in the bucket; the app serves them
 * through its own signed /files URLs, so the bucket never needs a public policy.
 */
export function createS3Storage(config: S3StorageConfig, options: { listPageSize?: number } = {}): Storage {
  const bucket = config.S3_BUCKET;
  if (!bucket) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
  const client = new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    // A store that does not answer must not hold a request (and its upload in memory) for minutes:
    // past these the request fails and is answered 503 (ADR 0068). The SDK's own retries (three
    // attempts) still ride out a blip.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    // Without explicit keys the SDK's default chain applies (environment, instance role …).
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
      : {}),
  });

  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: checkedKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        if (!(out.Body instanceof Readable)) throw new Error('S3 answered a body that is not a Node stream');
        return {
          body: out.Body,
          size: Number(out.ContentLength ?? 0),
          contentType: out.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      // Deleting a missing object is a success on S3, which matches the local driver's `force`.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async *list(): AsyncIterable<StoredEntry> {
      // Only the app's own prefixes, and only keys it could have written: a bucket shared with
      // something else never has that something's objects listed (or swept).
      for (const prefix of ['private/', 'public/']) {
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: options.listPageSize }),
          );
          for (const object of page.Contents ?? []) {
            if (!object.Key || !isValidKey(object.Key)) continue;
            // No date means no proof of age: treated as new, so the sweep leaves it alone.
            yield { key: object.Key, size: Number(object.Size ?? 0), lastModified: object.LastModified ?? new Date() };
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
