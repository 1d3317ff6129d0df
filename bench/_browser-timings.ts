/**
 * What the browser benchmarks read from Chromium: the gaps between animation frames while a grid
 * scrolls, the frames a trace marks dropped or partial, and where main-thread time went (trace
 * and sampled CPU profile).
 */
import type { Locator } from '@playwright/test';

/**
 * The gaps between the page's animation frames while `run` scrolls the grid (the recorder is
 * started first and stopped once `run` is done).
 */
export async function recordFrames(grid: Locator, run: () => Promise<unknown>): Promise<number[]> {
  await grid.evaluate(
    new Function(
      'el',
      `const w = window;
      w.__frames = [];
      w.__recording = true;
      const tick = (t) => { w.__frames.push(t); if (w.__recording) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);`,
    ) as (el: Element) => void,
  );
  await run();
  const times = (await grid.evaluate(
    new Function('el', 'const w = window; w.__recording = false; return w.__frames;') as (el: Element) => number[],
  )) as number[];
  return times.slice(1).map((t, i) => t - times[i]);
}

export interface FrameVerdicts {
  /** Frames Chromium presented, in whole or in part. */
  frames: number;
  /** Frames Chromium dropped and counts against smoothness. */
  dropped: number;
  /** Presented frames that showed area not painted yet. */
  checkerboarded: number;
}

/**
 * Chromium's frame reporter verdicts in a trace of the `benchmark` category. A frame may have
 * several reporters (compositor and main-thread parts); each frame is counted once, by its
 * sequence number.
 */
export function frameVerdicts(buffer: Buffer): FrameVerdicts {
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const frames = new Set<number>();
  const dropped = new Set<number>();
  const checkerboarded = new Set<number>();
  for (const e of events) {
    if (e.name !== 'PipelineReporter' || e.ph !== 'b') continue;
    const r = (e.args?.frame_reporter ?? {}) as {
      state?: string;
      frame_sequence?: number;
      affects_smoothness?: boolean;
      checkerboarded_needs_raster?: boolean;
      checkerboarded_needs_record?: boolean;
    };
    const seq = r.frame_sequence ?? -1;
    if (r.state === 'STATE_PRESENTED_ALL' || r.state === 'STATE_PRESENTED_PARTIAL') {
      frames.add(seq);
      if (r.checkerboarded_needs_raster || r.checkerboarded_needs_record) checkerboarded.add(seq);
    } else if (r.state === 'STATE_DROPPED' && r.affects_smoothness) {
      frames.add(seq);
      dropped.add(seq);
    }
  }
  return { frames: frames.size, dropped: dropped.size, checkerboarded: checkerboarded.size };
}

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink',
  'cc',
  'viz',
  'benchmark',
  'v8.execute',
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: Record<string, unknown>;
}

/**
 * Where the time of the traced pass went: the renderer main thread's top-level slices by name
 * (nested slices are not counted twice), every thread's busy total, and Chromium's frame
 * reporter verdicts — its own count of presented and dropped frames.
 */
export function summariseTrace(buffer: Buffer): Record<string, unknown> {
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const threadNames = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, String(e.args?.name ?? ''));
  const complete = events.filter((e) => e.ph === 'X' && typeof e.dur === 'number');
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of complete) {
    const key = `${e.pid}:${e.tid}`;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const ms = (us: number) => Math.round(us / 100) / 10;
  const threads: Record<string, number> = {};
  // The renderer main thread: self time by slice name (a slice's time less its children's),
  // and script by the function the browser called.
  const selfTime: Record<string, number> = {};
  const scriptByFunction: Record<string, number> = {};
  for (const [key, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const name = threadNames.get(key) ?? key;
    const main = name === 'CrRendererMain';
    const stack: { end: number; self: number; name: string }[] = [];
    let busy = 0;
    const close = (until: number) => {
      while (stack.length && stack[stack.length - 1].end <= until) {
        const done = stack.pop()!;
        if (main) selfTime[done.name] = (selfTime[done.name] ?? 0) + done.self;
      }
    };
    for (const e of list) {
      close(e.ts);
      const dur = e.dur ?? 0;
      if (stack.length) stack[stack.length - 1].self -= dur;
      else busy += dur;
      stack.push({ end: e.ts + dur, self: dur, name: e.name });
      if (main && e.name === 'FunctionCall') {
        const data = (e.args?.data ?? {}) as { functionName?: string; url?: string };
        const fn = `${data.functionName || '(anonymous)'} ${(data.url ?? '').split('/').pop() ?? ''}`.trim();
        scriptByFunction[fn] = (scriptByFunction[fn] ?? 0) + dur;
      }
    }
    close(Number.POSITIVE_INFINITY);
    threads[name] = Math.round(((threads[name] ?? 0) + ms(busy)) * 10) / 10;
  }
  const topOf = (m: Record<string, number>, n: number) =>
    Object.entries(m)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, ms: ms(us) }));
  // Chromium's frame reporter: one entry per frame with its fate; `affects_smoothness` marks the
  // frames Chromium itself counts against smoothness (a dropped frame the user could see).
  const verdicts: Record<string, number> = {};
  for (const e of events) {
    if (e.name !== 'PipelineReporter' || e.ph !== 'b') continue;
    const r = (e.args?.frame_reporter ?? e.args?.chrome_frame_reporter ?? {}) as {
      state?: string;
      affects_smoothness?: boolean;
    };
    const key = `${r.state ?? 'unknown'}${r.affects_smoothness ? ' (affects smoothness)' : ''}`;
    verdicts[key] = (verdicts[key] ?? 0) + 1;
  }
  return {
    threadsBusyMs: Object.fromEntries(Object.entries(threads).sort((a, b) => b[1] - a[1])),
    mainThreadSelfMs: topOf(selfTime, 16),
    mainThreadScriptMs: topOf(scriptByFunction, 8),
    frameReporter: verdicts,
  };
}

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Script self time by function (name, file and line) from a sampled CPU profile. */
export function summariseProfile(profile: CpuProfile): { name: string; ms: number }[] {
  const frameOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self: Record<string, number> = {};
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const f = frameOf.get(samples[i]);
    if (!f || f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    self[key] = (self[key] ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0);
  }
  return Object.entries(self)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10 }));
}
