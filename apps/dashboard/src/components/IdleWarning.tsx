import { Button } from '@payrail/web';
import { useEffect, useState } from 'react';
import type { Session } from '../api';
import { t } from '../messages';
import { useEndSession, useKeepAlive } from '../queries/session';
import { activity, WALLET_IDLE_MS, WARN_BEFORE_MS } from '../session/activity';
import { sessionEnded } from '../session/ended';

/**
 * A wallet session ends after 15 minutes without an authenticated request. Two minutes before, this
 * warns and offers "Stay signed in" (one GET /v1/auth/session, which slides the session and its
 * cookie); at the end it returns to the sign-in screen with a sentence saying why.
 */
export function IdleWarning({ session }: { session: Session }) {
  const keepAlive = useKeepAlive();
  const endSession = useEndSession();
  const [now, setNow] = useState(() => Date.now());
  const [last, setLast] = useState(() => activity.last());
  useEffect(() => activity.subscribe(() => setLast(activity.last())), []);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const endsAt = session.kind === 'wallet' ? last + WALLET_IDLE_MS : Date.parse(session.expiresAt);
  const left = endsAt - now;
  useEffect(() => {
    if (left > 0) return;
    sessionEnded.set(session.kind === 'wallet' ? 'session.ended_idle' : 'session.ended');
    endSession();
  }, [left, session.kind, endSession]);
  if (left > WARN_BEFORE_MS || left <= 0) return null;
  const seconds = Math.ceil(left / 1000);
  return (
    <div role="alert" className="idle-warning">
      <p>{t('session.idle_warning', { minutes: Math.floor(seconds / 60), seconds: String(seconds % 60).padStart(2, '0') })}</p>
      <Button onClick={keepAlive}>{t('session.stay')}</Button>
    </div>
  );
}
