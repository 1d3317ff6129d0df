import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { functionalUpdate, type Updater } from '@tanstack/react-table';

/**
 * State that the caller may own (`value` + `onChange`) or leave to the component (`initial`).
 * The setter takes a value or an updater, as TanStack Table hands them out, and always
 * reports the new value to `onChange`.
 */
export function useControllableState<S>(
  value: S | undefined,
  onChange: ((next: S) => void) | undefined,
  initial: S | (() => S),
): [S, (updater: Updater<S>) => void] {
  const [internal, setInternal] = useState<S>(initial);
  const controlled = value !== undefined;
  const current = controlled ? value : internal;
  // Updates arriving in one tick build on each other, not on the last rendered value.
  const latest = useRef(current);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = current;
    onChangeRef.current = onChange;
  });
  const set = useCallback(
    (updater: Updater<S>) => {
      const next = functionalUpdate(updater, latest.current);
      if (Object.is(next, latest.current)) return;
      latest.current = next;
      if (!controlled) setInternal(next);
      onChangeRef.current?.(next);
    },
    [controlled],
  );
  return [current, set];
}
