import { useCallback, useEffect, useRef, useState } from 'react';
import { OPERATION_FAILED, type CrmOperation } from '@vigil/contract';
import { resolveErrorMessage } from '../../../lib/errors';
import {
  OPERATION_POLL_MS,
  cancelPreload,
  readOperation,
  startOperation,
  type OperationKind,
} from '../api/psaOperations';

export interface OperationState<T> {
  op: CrmOperation<T> | null;
  running: boolean;
  error: string | null;
  /** Starts the operation; `body` goes with the start call (e.g. filters to preview). */
  start: (body?: unknown) => Promise<void>;
  cancel: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * A sync or preload of features §4.3: started on demand, then read every second until it leaves
 * "pending". A failed read stops the polling and shows the error; leaving the screen, cancelling
 * or starting again stops the loop that was running.
 */
export function useOperation<T>(
  integrationId: number,
  kind: OperationKind,
  onDone?: (op: CrmOperation<T>) => void,
): OperationState<T> {
  const [op, setOp] = useState<CrmOperation<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each start or cancel bumps the generation; a loop of an older one stops at its next step.
  const generation = useRef(0);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const follow = useCallback(
    async (queryId: string, gen: number) => {
      for (;;) {
        await sleep(OPERATION_POLL_MS);
        if (generation.current !== gen) return;
        let next: CrmOperation<T>;
        try {
          next = (await readOperation(integrationId, kind, queryId)) as CrmOperation<T>;
        } catch (err) {
          if (generation.current !== gen) return;
          setError(resolveErrorMessage(err));
          setOp((o) => (o ? { ...o, Status: 'error', Message: o.Message ?? OPERATION_FAILED } : o));
          return;
        }
        if (generation.current !== gen) return;
        setOp(next);
        if (next.Status !== 'pending') {
          done.current?.(next);
          return;
        }
      }
    },
    [integrationId, kind],
  );

  const start = useCallback(
    async (body?: unknown) => {
      const gen = ++generation.current;
      setError(null);
      try {
        const first = (await startOperation(integrationId, kind, body)) as CrmOperation<T>;
        if (generation.current !== gen) return;
        setOp(first);
        if (first.Status === 'pending') await follow(first.QueryId, gen);
        else done.current?.(first);
      } catch (err) {
        if (generation.current === gen) setError(resolveErrorMessage(err));
      }
    },
    [integrationId, kind, follow],
  );

  const cancel = useCallback(async () => {
    if (!op || op.Status !== 'pending') return;
    const gen = ++generation.current;
    try {
      await cancelPreload(integrationId, kind, op.QueryId);
      if (generation.current === gen) setOp({ ...op, Status: 'cancelled', FinishedAt: new Date().toISOString() });
    } catch (err) {
      if (generation.current !== gen) return;
      setError(resolveErrorMessage(err));
      void follow(op.QueryId, gen);
    }
  }, [integrationId, kind, op, follow]);

  return { op, running: op?.Status === 'pending', error, start, cancel };
}
