// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { WindowManager, uniqueTitle, windowFeatures, type WindowHandle } from './windows';

function fakeWindow() {
  const w = { closed: false, focus: vi.fn(), close: vi.fn(() => void (w.closed = true)) };
  return w satisfies WindowHandle;
}

describe('window titles', () => {
  it('adds a numeric suffix in brackets to a duplicate title', () => {
    expect(uniqueTitle('Audit', [])).toBe('Audit');
    expect(uniqueTitle('Audit', ['Audit'])).toBe('Audit (1)');
    expect(uniqueTitle('Audit', ['Audit', 'Audit (1)'])).toBe('Audit (2)');
    expect(uniqueTitle('Audit', ['Audit (1)'])).toBe('Audit');
    expect(uniqueTitle('Audit', ['Audit', 'Audit (2)'])).toBe('Audit (1)');
  });

  it('opens 1024x800 by default, centred on the opener', () => {
    expect(windowFeatures()).toBe('width=1024,height=800,resizable=yes,scrollbars=yes');
    expect(windowFeatures({ width: 500, height: 400 }, { left: 100, top: 50, width: 1500, height: 1000 })).toBe(
      'width=500,height=400,left=600,top=350,resizable=yes,scrollbars=yes',
    );
  });
});

describe('WindowManager', () => {
  function setup(blocked = false) {
    const opened: { url: string; target: string; features: string; win: ReturnType<typeof fakeWindow> }[] = [];
    let tick: (() => void) | null = null;
    const clearInterval = vi.fn();
    const onBlocked = vi.fn();
    const manager = new WindowManager({
      open: (url, target, features) => {
        if (blocked) return null;
        const win = fakeWindow();
        opened.push({ url, target, features, win });
        return win;
      },
      setInterval: (fn, ms) => {
        expect(ms).toBe(50);
        tick = fn;
        return 1;
      },
      clearInterval,
      onBlocked,
    });
    return { manager, opened, onBlocked, clearInterval, tick: () => tick?.() };
  }

  it('focuses a window that is already open instead of opening it again', () => {
    const t = setup();
    t.manager.open('audit-1', '/window/audit/1', {}, 'Audit');
    t.manager.open('audit-1', '/window/audit/1', {}, 'Audit');
    expect(t.opened).toHaveLength(1);
    expect(t.opened[0].win.focus).toHaveBeenCalledTimes(2);
    expect(t.manager.list()).toHaveLength(1);
  });

  it('suffixes duplicate titles and lists the windows', () => {
    const t = setup();
    t.manager.open('a', '/window/a', {}, 'Edit policy');
    t.manager.open('b', '/window/b', { width: 700 }, 'Edit policy');
    expect(t.manager.list().map((w) => w.title)).toEqual(['Edit policy', 'Edit policy (1)']);
    expect(t.opened[1].features).toContain('width=700');
  });

  it('drops windows the user closed on the 50 ms check, and stops checking when none are left', () => {
    const t = setup();
    const seen: number[] = [];
    t.manager.subscribe(() => seen.push(t.manager.list().length));
    t.manager.open('a', '/a');
    t.manager.open('b', '/b');
    t.opened[0].win.closed = true;
    t.tick();
    expect(t.manager.list().map((w) => w.id)).toEqual(['b']);
    t.manager.close('b');
    expect(t.opened[1].win.close).toHaveBeenCalled();
    expect(t.manager.list()).toEqual([]);
    expect(t.clearInterval).toHaveBeenCalled();
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('reports a blocked popup', () => {
    const t = setup(true);
    expect(t.manager.open('a', '/a')).toBeNull();
    expect(t.onBlocked).toHaveBeenCalledWith('Popup Blocker is enabled! Please add this site to your exception list.');
    expect(t.manager.list()).toEqual([]);
  });
});
