// A report job of the report window: start, poll every second until it ends, stop, run again.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportJobResult } from '@vigil/contract';
import { resolveErrorMessage } from '../../../../lib/errors';
import { pollReport, REPORT_POLL_MS, startReport, stopReport } from '../../api/reports';
import type { ReportRun } from '../../reportStorage';

export type Phase =
  | { kind: 'starting' }
  | { kind: 'running'; job: ReportJobResult | null }
  | { kind: 'ready'; job: ReportJobResult }
  | { kind: 'failed'; message: string }
  | { kind: 'stopped' };

/**
 * Starts the job, polls it every 1000 ms (platform §9) until it is Ready or Failed, and lets
 * the user stop it or run it again.
 */
export function useReportJob(run: ReportRun | null, key: string) {
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [attempt, setAttempt] = useState(0);
  const active = useRef(false);
  // Set by Stop: the poll loop leaves the outcome to the stop call's answer.
  const halted = useRef(false);

  useEffect(() => {
    if (!run) return;
    let cancelled = false;
    let timer: number | undefined;
    const controller = new AbortController();
    active.current = true;
    halted.current = false;

    const poll = async () => {
      try {
        const job = await pollReport(run.type, key, controller.signal);
        if (cancelled || halted.current) return;
        if (job.status === 'Ready' && job.document) {
          active.current = false;
          setPhase({ kind: 'ready', job });
        } else if (job.status === 'Failed') {
          active.current = false;
          setPhase({ kind: 'failed', message: job.error || 'The report could not be generated.' });
        } else if (job.status === 'Cancelled') {
          active.current = false;
          setPhase({ kind: 'stopped' });
        } else {
          setPhase({ kind: 'running', job });
          timer = window.setTimeout(() => void poll(), REPORT_POLL_MS);
        }
      } catch (err) {
        if (cancelled || halted.current) return;
        active.current = false;
        setPhase({ kind: 'failed', message: resolveErrorMessage(err) });
      }
    };

    startReport(run.type, key, run.filters)
      .then((job) => {
        // Stopped while the start was on its way: the stop call's answer decides what shows.
        if (cancelled || halted.current) return;
        setPhase({ kind: 'running', job: null });
        // A small report may be finished by the time the start answers: fetch it at once.
        const done = job.status !== 'Pending' && job.status !== 'Running';
        timer = window.setTimeout(() => void poll(), done ? 0 : REPORT_POLL_MS);
      })
      .catch((err: unknown) => {
        if (cancelled || halted.current) return;
        active.current = false;
        setPhase({ kind: 'failed', message: resolveErrorMessage(err) });
      });

    return () => {
      cancelled = true;
      controller.abort();
      if (timer !== undefined) window.clearTimeout(timer);
      // Leaving while it runs (window closed, route left): the server need not finish it.
      if (active.current) void stopReport(run.type, key).catch(() => undefined);
      active.current = false;
    };
  }, [run, key, attempt]);

  /** Stops the run; one the server had already finished is shown instead. */
  const stop = useCallback(async () => {
    if (!run) return;
    halted.current = true;
    active.current = false;
    setPhase({ kind: 'stopped' });
    const job = await stopReport(run.type, key);
    if (job.status === 'Ready') {
      const full = await pollReport(run.type, key);
      if (full.document) setPhase({ kind: 'ready', job: full });
    }
  }, [run, key]);

  const retry = useCallback(() => {
    setPhase({ kind: 'starting' });
    setStartedAt(Date.now());
    setAttempt((n) => n + 1);
  }, []);

  return { phase, startedAt, stop, retry };
}
