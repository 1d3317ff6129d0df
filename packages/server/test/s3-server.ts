import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** The credentials the local S3 server checks signatures with. */
export const S3_TEST_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server in this process (the S3 REST API over files in a temporary directory)
 * on a free port of 127.0.0.1, with one empty bucket.
 */
export async function startLocalS3(bucket = 'vigil-blobs'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'vigil-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // It canonicalises some query strings (ListObjectsV2's prefix) unlike AWS, so the SDK's
    // correct signatures of those requests would be refused.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
