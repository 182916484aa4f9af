import { Button } from '@payrail/web';
import { t } from '../messages';

export type BlockedKind =
  'expired' | 'invalidated' | 'completed' | 'compliance_failed' | 'not_allowed' | 'kyt_pending' | 'kyt_rejected' | 'rpc_unavailable';

/**
 * A final or blocking state: a heading naming it ("Payment expired", "Wallet not allowed", ...) and
 * a sentence saying what to do next; `retry` where trying again can help.
 */
export function BlockedScreen({
  kind,
  level = 1,
  params = {},
  retry,
}: {
  kind: BlockedKind;
  level?: 1 | 2;
  params?: Record<string, string>;
  retry?: () => void;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="pr-card blocked" data-state={kind} aria-labelledby={`state-${kind}`}>
      <Heading id={`state-${kind}`}>{t(`state.${kind}.title`)}</Heading>
      <p>{t(`state.${kind}.body`, params)}</p>
      {retry && (
        <Button variant="secondary" onClick={retry}>
          {t('state.retry')}
        </Button>
      )}
    </section>
  );
}
