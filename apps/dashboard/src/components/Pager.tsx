import { Button } from '@payrail/web';
import { t } from '../messages';

/** Previous / next page of a keyset-paginated list. */
export function Pager({
  page,
  hasPrevious,
  nextCursor,
  onPrevious,
  onNext,
}: {
  page: number;
  hasPrevious: boolean;
  nextCursor: string | null | undefined;
  onPrevious: () => void;
  onNext: (cursor: string) => void;
}) {
  if (!hasPrevious && !nextCursor) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <Button variant="secondary" disabled={!hasPrevious} onClick={onPrevious}>
        {t('pager.previous')}
      </Button>
      <span>{t('pager.page', { page })}</span>
      <Button variant="secondary" disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
        {t('pager.next')}
      </Button>
    </nav>
  );
}
