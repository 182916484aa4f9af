import { Button } from '@payrail/web';
import type { CursorPages } from '../lib/paging';
import { t } from '../messages';

/** Previous / next page of a keyset-paginated list: `pages` from useCursorPages, `nextCursor` from the current page. */
export function Pager({ pages, nextCursor }: { pages: CursorPages; nextCursor: string | null | undefined }) {
  const { page, hasPrevious, previous: onPrevious, next: onNext } = pages;
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
