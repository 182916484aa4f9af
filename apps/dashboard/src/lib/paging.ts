/**
 * Keyset pagination as a stack of cursors, kept in the URL (`?cursors=[...]`, see router/search.ts):
 * page 1 has no cursor (the param is absent), each "Next" pushes the page's `nextCursor`, "Previous"
 * pops. The whole stack lives in the URL so a reload or a shared link opens the same page and
 * "Previous" still works there; the browser's back/forward walk the same stack because each move is
 * a history entry. Changing the filters drops the stack (the screens navigate without `cursors`).
 */
export interface CursorPages {
  /** The cursor of the page shown (undefined on page 1). */
  cursor: string | undefined;
  /** 1-based page number. */
  page: number;
  hasPrevious: boolean;
  next: (nextCursor: string) => void;
  previous: () => void;
}

/** The pages of a cursor stack; `go` receives the new stack (undefined for page 1). */
export function cursorPages(stack: readonly string[] | undefined, go: (cursors: string[] | undefined) => void): CursorPages {
  const cursors = stack ?? [];
  return {
    cursor: cursors[cursors.length - 1],
    page: cursors.length + 1,
    hasPrevious: cursors.length > 0,
    next: (nextCursor) => go([...cursors, nextCursor]),
    previous: () => go(cursors.length > 1 ? cursors.slice(0, -1) : undefined),
  };
}
