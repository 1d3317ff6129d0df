import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { BlobBackend, BlobStore } from './blobs.ts';
import { FileBlobStore } from './blobs-file.ts';
import { PostgresBlobStore } from './blobs-postgres.ts';
import { S3BlobStore } from './blobs-s3.ts';

/** The blob store of the configuration (BLOB_STORE), or of `backend` (moving blobs between stores). */
export function openBlobStore(config: Config, database: Database, backend: BlobBackend = config.BLOB_STORE): BlobStore {
  if (backend === 'postgres') return new PostgresBlobStore(database);
  if (backend === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is needed for the s3 blob store');
    return new S3BlobStore({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new FileBlobStore(config.blobDir);
}
