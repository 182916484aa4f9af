import { useEffect, useState } from 'react';
import { t } from '../messages';

/** `2d 03:04:05` / `04:05` until the link expires, ticking every second; calls `onExpired` once at zero. */
export function ExpiryCountdown({ expiresAt, onExpired }: { expiresAt: string; onExpired: () => void }) {
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, end - now);
  useEffect(() => {
    if (left === 0) {
      onExpired();
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, left));
    return () => clearTimeout(timer);
  }, [left, onExpired]);
  return (
    <time dateTime={expiresAt} title={new Date(end).toLocaleString()}>
      {left === 0 ? t('payment.expired_now') : t('payment.expires_value', { time: duration(left) })}
    </time>
  );
}

function duration(ms: number): string {
  const s = Math.ceil(ms / 1000);
  const [d, h, m, sec] = [Math.floor(s / 86400), Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = h > 0 || d > 0 ? `${two(h)}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
  return d > 0 ? `${d}d ${clock}` : clock;
}
