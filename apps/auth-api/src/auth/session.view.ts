import { detectAddressKind } from '@payrail/chains';
import type { Caller, Session } from '@payrail/platform';

type SessionCaller = Extract<Caller, { kind: 'session' }>;

/** What the dashboard learns about its session (never the token). */
export function sessionView(s: Session | SessionCaller, userId: string) {
  const kind = 'sessionKind' in s ? s.sessionKind : s.kind;
  return {
    user: { id: userId, email: s.email },
    wallet: s.walletAddress ? { address: s.walletAddress, kind: detectAddressKind(s.walletAddress) ?? 'evm' } : null,
    platformId: s.platformId,
    kind,
    expiresAt: new Date(s.expiresAt).toISOString(),
  };
}
