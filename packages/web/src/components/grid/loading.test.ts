import { describe, expect, it } from 'vitest';
import { GRID_DEFAULT_PAGE_SIZE, GRID_PAGE_SIZES } from './constants';
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
  it('says how many rows are shown out of the total, and which pages', () => {
    expect(loadedText(50, 147, 50, 1, 'backups')).toBe('Showing 50 of 147 backups · page 1 of 3');
    expect(loadedText(100, 147, 50, 2, 'backups')).toBe('Showing 100 of 147 backups · pages 1–2 of 3');
    expect(loadedText(147, 147, 50, 3, 'backups')).toBe('Showing 147 of 147 backups · pages 1–3 of 3');
    expect(loadedText(200, 1234, 100)).toBe('Showing 200 of 1,234 rows · pages 1–2 of 13');
    expect(loadedText(12, 12, 50, 1, 'backups')).toBe('Showing 12 of 12 backups');
    expect(loadedText(1, 1, 50, 1, 'backups')).toBe('Showing 1 of 1 backup');
    expect(loadedText(0, 0, 100)).toBe('Showing 0 of 0 rows');
    expect(loadedText(12000, 50000, 500, 24)).toBe('Showing 12,000 of 50,000 rows · pages 1–24 of 100');
    expect(loadedText(100, undefined, 100)).toBe('Showing 100 rows');
  });

  it('counts pages', () => {
    expect(pagesLoaded(0, 100)).toBe(0);
    expect(pagesLoaded(1, 100)).toBe(1);
    expect(pagesLoaded(500, 100)).toBe(5);
    expect(pagesLoaded(501, 100)).toBe(6);
  });

  it('offers 50, 100, 200 and 500 rows a page, 50 by default', () => {
    expect([...GRID_PAGE_SIZES]).toEqual([50, 100, 200, 500]);
    expect(GRID_DEFAULT_PAGE_SIZE).toBe(50);
  });
});
