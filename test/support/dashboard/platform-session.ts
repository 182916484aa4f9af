import type { INestApplicationContext } from '@nestjs/common';
import { SessionStore } from '@payrail/platform';

/** A session of a platform's account, as sign-in would create it; answers its token. */
export async function platformSession(
  app: INestApplicationContext,
  platformId: string,
  kind: 'wallet' | 'email' = 'email',
): Promise<string> {
  const sessions = app.get(SessionStore, { strict: false });
  const created = await sessions.create({
    kind,
    userId: `user-${platformId}-${kind}`,
    platformId,
    walletAddress: kind === 'wallet' ? '0x00000000000000000000000000000000000a11ce' : null,
    email: kind === 'email' ? `owner-${platformId}@example.test` : null,
  });
  return created.token;
}
