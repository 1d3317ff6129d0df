import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { blobMissing, BlobStore, type BlobEntry, type BlobItem } from './blobs.ts';

export interface S3BlobOptions {
  bucket: string;
  /** An S3-compatible service's URL (MinIO, Ceph, R2…); unset is AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (most S3-compatible servers). */
  forcePathStyle: boolean;
}

/** PUTs of one batch in flight at once. */
const PARALLEL = 16;

function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Blobs as objects of one bucket of S3-compatible storage (BLOB_STORE=s3), through the AWS SDK's
 * S3 client. A blob's key is its object name as it is (`email/ab/ab…`). A PUT is atomic (an
 * object is whole or absent) and durable when answered, and carries the blob's SHA-256 for the
 * server to check; a read checks it again. Putting the same bytes again rewrites the
 * object, which refreshes its LastModified for the orphan sweep.
 */
export class S3BlobStore extends BlobStore {
  readonly backend = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3BlobOptions) {
    super();
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where the API demands them: several S3-compatible servers reject the rest.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putMany(items: BlobItem[]): Promise<string[]> {
    const { keys, byKey } = this.unique(items);
    const queue = [...byKey];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [key, item] = next;
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: item.data,
            ContentLength: item.data.length,
            ContentType: 'application/octet-stream',
            // The server refuses a body that does not hash to the key (a PUT cut off half-way).
            ChecksumSHA256: Buffer.from(BlobStore.parseKey(key)!.hash, 'hex').toString('base64'),
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
    return keys;
  }

  async get(key: string): Promise<Buffer> {
    let data: Buffer;
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.checkKey(key) }));
      data = Buffer.from(await r.Body!.transformToByteArray());
    } catch (err) {
      throw notFound(err) ? blobMissing(key) : err;
    }
    // Bytes that do not hash to their key are never handed out as the blob (a server that kept
    // what arrived of a PUT cut off half-way, a damaged object).
    if (BlobStore.hash(data) !== BlobStore.parseKey(key)!.hash)
      throw Object.assign(new Error(`Blob ${key} is damaged`), { code: 'EBADBLOB' });
    return data;
  }

  async stat(key: string): Promise<BlobEntry | null> {
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.checkKey(key) }));
      return { key, size: r.ContentLength ?? 0, writtenMs: r.LastModified?.getTime() ?? 0 };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  /** S3 answers a DELETE of a missing object alike, so whether it was there is asked first. */
  async delete(key: string): Promise<boolean> {
    if (!(await this.has(key))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    return true;
  }

  async *list(kind?: string): AsyncGenerator<BlobEntry> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: kind === undefined ? undefined : `${kind}/`,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key && BlobStore.parseKey(o.Key))
          yield { key: o.Key, size: o.Size ?? 0, writtenMs: o.LastModified?.getTime() ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  override close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}
