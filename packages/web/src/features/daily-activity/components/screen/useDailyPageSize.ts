// The page size of the Daily Activity grid, kept in this browser.
import { useState } from 'react';
import { browserStorage } from '../../../../lib/storage';
import { PAGE_SIZE_KEY } from './dailySession';

export function useDailyPageSize() {
  const [pageSize, setPageSizeState] = useState(() => {
    const n = Number(browserStorage()?.getItem(PAGE_SIZE_KEY));
    return [50, 100, 200, 500].includes(n) ? n : 50;
  });
  const setPageSize = (n: number) => {
    setPageSizeState(n);
    browserStorage()?.setItem(PAGE_SIZE_KEY, String(n));
  };
  return [pageSize, setPageSize] as const;
}
