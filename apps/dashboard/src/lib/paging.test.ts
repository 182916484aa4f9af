import { describe, expect, it } from 'vitest';
import { cursorPages } from './paging';

describe('cursorPages (the keyset cursor stack kept in the URL)', () => {
  it('starts on page 1 without a cursor and no previous page', () => {
    const pages = cursorPages(undefined, () => undefined);
    expect(pages).toMatchObject({ cursor: undefined, page: 1, hasPrevious: false });
  });

  it('pushes the next cursor and pops back to page 1 (the param dropped, not an empty list)', () => {
    const moves: (string[] | undefined)[] = [];
    const go = (cursors: string[] | undefined) => void moves.push(cursors);
    cursorPages(undefined, go).next('c1');
    cursorPages(['c1'], go).next('c2');
    cursorPages(['c1', 'c2'], go).previous();
    cursorPages(['c1'], go).previous();
    expect(moves).toEqual([['c1'], ['c1', 'c2'], ['c1'], undefined]);
  });

  it('shows the page the stack names: its last cursor, its depth', () => {
    expect(cursorPages(['c1', 'c2'], () => undefined)).toMatchObject({ cursor: 'c2', page: 3, hasPrevious: true });
  });

  it('never changes the stack it was given', () => {
    const stack = ['c1'];
    cursorPages(stack, () => undefined).next('c2');
    cursorPages(stack, () => undefined).previous();
    expect(stack).toEqual(['c1']);
  });
});
