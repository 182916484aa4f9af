import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from '@payrail/devstack';

/** s3rver's fixed credentials (it checks every request's signature against them). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server on 127.0.0.1 (the `s3rver` package: the S3 REST API over files in a
 * temporary directory, signatures checked), with the given buckets. Clients use path-style
 * addressing against `endpoint`.
 */
export async function startS3Server(buckets: string[]): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'payrail-s3-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
