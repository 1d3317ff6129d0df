import { describe, expect, it } from 'vitest';
import { GRID_PAGE_SIZES } from './constants';
import { loadedText, pagesLoaded, shouldLoadMore } from './loading';

describe('infinite scroll', () => {
  const at = (scrollTop: number, extra: Partial<Parameters<typeof shouldLoadMore>[0]> = {}) =>
    shouldLoadMore({ scrollTop, scrollHeight: 5000, clientHeight: 500, hasMore: true, ...extra });

  it('asks for more within 300 px of the bottom', () => {
    expect(at(4000)).toBe(false);
    expect(at(4199)).toBe(false);
    expect(at(4200)).toBe(true);
    expect(at(4500)).toBe(true);
  });

  it('does not ask when everything is loaded or a page is on its way', () => {
    expect(at(4500, { hasMore: false })).toBe(false);
    expect(at(4500, { loading: true })).toBe(false);
  });

  it('asks at once when the rows do not fill the viewport', () => {
    expect(shouldLoadMore({ scrollTop: 0, scrollHeight: 300, clientHeight: 500, hasMore: true })).toBe(true);
  });
});

describe('footer text', () => {
  it('says what is loaded out of the total and in how many pages', () => {
    expect(loadedText(200, 1234, 100)).toBe('Loaded 200 of 1,234 (2 pages)');
    expect(loadedText(250, 250, 100)).toBe('Loaded 250 of 250 (3 pages)');
    expect(loadedText(50, 50, 50)).toBe('Loaded 50 of 50 (1 page)');
    expect(loadedText(0, 0, 100)).toBe('Loaded 0 of 0 (0 pages)');
    expect(loadedText(12000, 50000, 500, 30)).toBe('Loaded 12,000 of 50,000 (30 pages)');
    expect(loadedText(100, undefined, 100)).toBe('Loaded 100 (1 page)');
  });

  it('counts pages', () => {
    expect(pagesLoaded(0, 100)).toBe(0);
    expect(pagesLoaded(1, 100)).toBe(1);
    expect(pagesLoaded(500, 100)).toBe(5);
    expect(pagesLoaded(501, 100)).toBe(6);
  });

  it('offers 50, 100, 200 and 500 rows a page', () => {
    expect([...GRID_PAGE_SIZES]).toEqual([50, 100, 200, 500]);
  });
});
