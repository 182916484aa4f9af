import { Alert, Status } from '@payrail/web';
import { t } from '../messages';

/** Loading and failure of a query, as sentences; renders nothing once the data is there. */
export function QueryState({ query }: { query: { isPending: boolean; error: Error | null } }) {
  if (query.error) return <Alert>{t('load.failed', { reason: query.error.message })}</Alert>;
  if (query.isPending) return <Status>{t('app.loading')}</Status>;
  return null;
}
