import { describe, expect, it } from 'vitest';
import { entriesLine, pageFromSearch, pageItems } from './paging';

describe('entries line', () => {
  it('tells the truth about the rows shown', () => {
    expect(entriesLine(1, 10, 23, 10)).toBe('Show 1 to 10 entries');
    expect(entriesLine(2, 10, 23, 10)).toBe('Show 11 to 20 entries');
    expect(entriesLine(3, 10, 23, 3)).toBe('Show 21 to 23 entries');
    expect(entriesLine(1, 10, 4, 4)).toBe('Show 1 to 4 entries');
  });

  it('has nothing to say for an empty result or a page past the end', () => {
    expect(entriesLine(1, 10, 0, 0)).toBeNull();
    expect(entriesLine(9, 10, 23, 0)).toBeNull();
  });
});

describe('page items', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first, last and two either side of the current page, with gaps between', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });

  it('ends with a gap when there are more pages than counted', () => {
    expect(pageItems(1, 100, true)).toEqual([1, 2, 3, 'gap', 100, 'gap']);
    expect(pageItems(101, 101, true)).toEqual([1, 'gap', 99, 100, 101, 'gap']);
  });
});

describe('page from the address', () => {
  it('reads ?page=, and falls back to the first page for anything else', () => {
    expect(pageFromSearch(new URLSearchParams('page=3'))).toBe(3);
    expect(pageFromSearch(new URLSearchParams('page=2.7'))).toBe(2);
    for (const query of ['', 'page=0', 'page=-4', 'page=two']) expect(pageFromSearch(new URLSearchParams(query)), query).toBe(1);
  });
});
