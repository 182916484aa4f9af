import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';

export default async function globalTeardown() {
  await globalThis.__payrailInfra?.stop();
  const file = process.env.PAYRAIL_TEST_STACK_FILE;
  if (file && !process.env.PAYRAIL_KEEP_TEST_DIR) await rm(dirname(file), { recursive: true, force: true });
}
