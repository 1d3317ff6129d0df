import { useEffect, useRef, useState } from 'react';
import { JOB_POLL_MS, type ReparseStarted, type ReparseStatus } from '@vigil/contract';
import { runFinished } from '../../lib/alertReparse';
import { api } from '../../lib/session';

export interface ReparseRun {
  /** A run was started and has not finished. */
  pending: boolean;
  /** The latest status of the run in progress, or of the last one (kept for its text). */
  status: ReparseStatus | null;
  start: () => Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Starts a reanalysis and polls it every 2 s until it completes (features §4.2). A failure stops
 * the polling and ends the run; `onError` gets the run's error text or the failed call. Leaving
 * the screen stops the polling.
 */
export function useReparseRun({
  startPath,
  statusPath,
  onCompleted,
  onError,
}: {
  /** POST that starts the run and answers its instanceId. */
  startPath: string;
  /** GET `${statusPath}/${instanceId}` answers the run's status. */
  statusPath: string;
  onCompleted: (status: ReparseStatus) => void;
  onError: (error: unknown) => void;
}): ReparseRun {
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<ReparseStatus | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = async () => {
    setPending(true);
    setStatus(null);
    try {
      const { instanceId } = await api.post<ReparseStarted>(startPath);
      for (;;) {
        await wait(JOB_POLL_MS);
        if (!mounted.current) return;
        const s = await api.get<ReparseStatus>(`${statusPath}/${instanceId}`);
        if (!mounted.current) return;
        setStatus(s);
        if (!runFinished(s)) continue;
        if (s.customStatus.error) onError(new Error(s.customStatus.error));
        else onCompleted(s);
        return;
      }
    } catch (err) {
      if (mounted.current) onError(err);
    } finally {
      if (mounted.current) setPending(false);
    }
  };

  return { pending, status, start };
}
