/**
 * Browser errors go to the server's error log (`POST /api/common/error`), throttled: the same
 * message once per page load, at most one report every two seconds and twenty per page load,
 * so a render loop cannot flood the server.
 */
export interface ErrorReport {
  Message: string;
  Url: string;
  Stack?: string;
  Kind: string;
}

export interface ReporterOptions {
  send: (report: ErrorReport) => Promise<unknown>;
  now?: () => number;
  minGapMs?: number;
  maxReports?: number;
}

export function createErrorReporter(opts: ReporterOptions) {
  const now = opts.now ?? Date.now;
  const minGap = opts.minGapMs ?? 2000;
  const max = opts.maxReports ?? 20;
  const seen = new Set<string>();
  let last = -Infinity;
  let sent = 0;
  return (error: unknown, kind: string, url: string): boolean => {
    const e = error instanceof Error ? error : null;
    const message = (e ? `${e.name}: ${e.message}` : String(error ?? 'Unknown error')).slice(0, 2000);
    if (seen.has(message) || sent >= max || now() - last < minGap) return false;
    seen.add(message);
    last = now();
    sent += 1;
    void opts
      .send({
        Message: message || 'Unknown error',
        Url: url.slice(0, 2000),
        Stack: e?.stack?.slice(0, 8000),
        Kind: kind,
      })
      .catch(() => undefined);
    return true;
  };
}

let report: ReturnType<typeof createErrorReporter> | null = null;

/** Reports an error caught by React (the route error boundary). */
export function reportError(error: unknown, kind = 'boundary'): void {
  report?.(error, kind, typeof location === 'undefined' ? '' : location.href);
}

/** Listens to window errors and unhandled promise rejections. */
export function installErrorReporter(win: Window, token: () => string | null): void {
  report = createErrorReporter({
    send: (body) => {
      const t = token();
      return fetch('/api/common/error', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(t ? { authorization: `Bearer ${t}` } : {}) },
        body: JSON.stringify(body),
        keepalive: true,
      });
    },
  });
  win.addEventListener('error', (e) => reportError(e.error ?? e.message, 'window.onerror'));
  win.addEventListener('unhandledrejection', (e) => reportError(e.reason, 'unhandledrejection'));
}
