import { Messages, POPUP_DEFAULT } from '@vigil/contract';

/** The parts of a browser window the manager uses. */
export interface WindowHandle {
  readonly closed: boolean;
  focus(): void;
  close(): void;
}

export interface WindowOptions {
  width?: number;
  height?: number;
}

export interface ManagedWindow {
  id: string;
  title: string;
  url: string;
  handle: WindowHandle;
}

export interface WindowManagerEnvironment {
  open(url: string, target: string, features: string): WindowHandle | null;
  /** Where the opener sits on screen, to centre the popup over it. */
  screen?: () => { left: number; top: number; width: number; height: number };
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (timer: unknown) => void;
  /** Told when the browser blocked the popup (features §4.6). */
  onBlocked?: (message: string) => void;
  pollMs?: number;
}

export const WINDOW_POLL_MS = 50;

/**
 * Features §4.6: a second window with a duplicate title gets a numeric suffix in brackets.
 * The first free number from 1 is used: "Audit", "Audit (1)", "Audit (2)".
 */
export function uniqueTitle(title: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(title)) return title;
  for (let n = 1; ; n += 1) {
    const candidate = `${title} (${n})`;
    if (!used.has(candidate)) return candidate;
  }
}

/** The `window.open` feature string: the requested size (default 1024x800), centred. */
export function windowFeatures(
  options: WindowOptions = {},
  screen?: { left: number; top: number; width: number; height: number },
): string {
  const width = Math.round(options.width ?? POPUP_DEFAULT.width);
  const height = Math.round(options.height ?? POPUP_DEFAULT.height);
  const parts = [`width=${width}`, `height=${height}`];
  if (screen) {
    const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2));
    const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2));
    parts.push(`left=${left}`, `top=${top}`);
  }
  parts.push('resizable=yes', 'scrollbars=yes');
  return parts.join(',');
}

type Listener = () => void;

/**
 * Popup window manager (features §4.6): opening an already open id only focuses it, duplicate
 * titles get a suffix, a blocked popup is reported, and closed windows are noticed every 50 ms
 * and dropped from the list.
 */
export class WindowManager {
  private windows: readonly ManagedWindow[] = [];
  private readonly listeners = new Set<Listener>();
  private timer: unknown = null;

  constructor(private readonly env: WindowManagerEnvironment) {}

  list = (): readonly ManagedWindow[] => this.windows;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  open(id: string, url: string, options: WindowOptions = {}, title: string = id): ManagedWindow | null {
    const existing = this.windows.find((w) => w.id === id);
    if (existing && !existing.handle.closed) {
      existing.handle.focus();
      return existing;
    }
    if (existing) this.remove(id);
    const handle = this.env.open(url, id, windowFeatures(options, this.env.screen?.()));
    if (!handle) {
      this.env.onBlocked?.(Messages.popupBlocked);
      return null;
    }
    const entry: ManagedWindow = {
      id,
      url,
      handle,
      title: uniqueTitle(
        title,
        this.windows.map((w) => w.title),
      ),
    };
    this.windows = [...this.windows, entry];
    handle.focus();
    this.notify();
    this.startPolling();
    return entry;
  }

  focus(id: string): void {
    this.windows.find((w) => w.id === id)?.handle.focus();
  }

  close(id: string): void {
    const w = this.windows.find((x) => x.id === id);
    if (!w) return;
    if (!w.handle.closed) w.handle.close();
    this.remove(id);
  }

  closeAll(): void {
    for (const w of this.windows) if (!w.handle.closed) w.handle.close();
    this.windows = [];
    this.stopPolling();
    this.notify();
  }

  remove(id: string): void {
    const next = this.windows.filter((w) => w.id !== id);
    if (next.length === this.windows.length) return;
    this.windows = next;
    if (next.length === 0) this.stopPolling();
    this.notify();
  }

  /** One poll: drops windows the user closed. Public for tests. */
  sweep(): void {
    const open = this.windows.filter((w) => !w.handle.closed);
    if (open.length === this.windows.length) return;
    this.windows = open;
    if (open.length === 0) this.stopPolling();
    this.notify();
  }

  private startPolling(): void {
    if (this.timer !== null || !this.env.setInterval) return;
    this.timer = this.env.setInterval(() => this.sweep(), this.env.pollMs ?? WINDOW_POLL_MS);
  }

  private stopPolling(): void {
    if (this.timer === null) return;
    this.env.clearInterval?.(this.timer);
    this.timer = null;
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }
}

/** The browser-backed manager; `onBlocked` is wired to the snackbar by the shell. */
export function createBrowserWindowManager(onBlocked: (message: string) => void): WindowManager {
  return new WindowManager({
    open: (url, target, features) => window.open(url, target, features),
    screen: () => ({
      left: window.screenX,
      top: window.screenY,
      width: window.outerWidth,
      height: window.outerHeight,
    }),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (t) => window.clearInterval(t as number),
    onBlocked,
  });
}
