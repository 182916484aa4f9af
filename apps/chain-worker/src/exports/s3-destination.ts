import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ChainWorkerEnv } from '../config/chain-worker.env.js';

/** The operator's S3-compatible bucket of scheduled exports (EXPORT_S3_*), or undefined when none is configured. */
export class S3Destination {
  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  static fromEnv(env: ChainWorkerEnv): S3Destination | undefined {
    if (!env.EXPORT_S3_BUCKET) return undefined;
    const credentials =
      env.EXPORT_S3_ACCESS_KEY_ID && env.EXPORT_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.EXPORT_S3_ACCESS_KEY_ID, secretAccessKey: env.EXPORT_S3_SECRET_ACCESS_KEY }
        : undefined;
    const client = new S3Client({
      region: env.EXPORT_S3_REGION,
      ...(env.EXPORT_S3_ENDPOINT ? { endpoint: env.EXPORT_S3_ENDPOINT } : {}),
      forcePathStyle: env.EXPORT_S3_FORCE_PATH_STYLE,
      // Checksums only where S3 requires them: a streamed body is then sent as is, not as
      // aws-chunked with a trailing checksum, which many S3-compatible servers store verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(credentials ? { credentials } : {}),
    });
    return new S3Destination(client, env.EXPORT_S3_BUCKET);
  }

  /** Uploads a written export file under `key`; answers its s3:// location. */
  async put(key: string, file: string, contentType: string): Promise<string> {
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType }),
    );
    return `s3://${this.bucket}/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}
