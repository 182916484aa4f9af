/**
 * The recovery lane's limiter: WEBHOOK_RECOVERY_MAX_PER_SECOND as windows of about 50 ms
 * (`max` jobs per `duration`), not one window of a second. With one-second windows a saturated
 * lane starts its second's budget in a burst and then idles until the window ends, so a job that
 * another owner's recovery just queued at the head of the turns waits up to a second for the
 * next window (measured: ~0.25-0.5 s of the 2x fairness budget); short windows bound that wait
 * at ~50 ms at the same rate (issue #29 item 6).
 */
export function recoveryLimiter(perSecond: number): { max: number; duration: number } {
  const max = Math.ceil(perSecond / 20);
  return { max, duration: Math.round((1000 * max) / perSecond) };
}
