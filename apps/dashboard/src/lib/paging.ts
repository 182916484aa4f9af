import { useState } from 'react';

/**
 * Keyset pagination as a stack of cursors: page 0 has no cursor, each "Next" pushes the page's
 * `nextCursor`, "Previous" pops. Changing the filters starts again at page 0.
 */
export function useCursorPages(filterKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | undefined)[] }>({ key: filterKey, cursors: [undefined] });
  const cursors = state.key === filterKey ? state.cursors : [undefined];
  return {
    cursor: cursors[cursors.length - 1],
    page: cursors.length,
    hasPrevious: cursors.length > 1,
    next: (nextCursor: string) => setState({ key: filterKey, cursors: [...cursors, nextCursor] }),
    previous: () => setState({ key: filterKey, cursors: cursors.slice(0, -1) }),
  };
}

/** What useCursorPages answers (the Pager takes it whole). */
export type CursorPages = ReturnType<typeof useCursorPages>;
