// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TenantFunctionStatus } from '@vigil/contract';
import { assess, overall, QUIET_INTAKE_HOURS } from './systemStatus';

const NOW = new Date('2026-11-26T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const fn = (over: Partial<TenantFunctionStatus>): TenantFunctionStatus => ({
  Key: 'email-intake',
  Name: 'E-mail intake',
  State: 'ok',
  LastAt: hoursAgo(1),
  Detail: 'Last e-mail received',
  ...over,
});

describe('system status', () => {
  it('turns intake into a warning once it has been quiet for more than a day', () => {
    const fresh = assess(fn({ LastAt: hoursAgo(QUIET_INTAKE_HOURS - 1) }), NOW, 'acme@in.test');
    expect(fresh.state).toBe('ok');
    const quiet = assess(fn({ LastAt: hoursAgo(QUIET_INTAKE_HOURS + 1) }), NOW, 'acme@in.test');
    expect(quiet.state).toBe('warning');
    expect(quiet.advice).toContain('acme@in.test');
    const never = assess(fn({ State: 'idle', LastAt: null }), NOW, 'acme@in.test');
    expect(never).toMatchObject({ state: 'idle' });
    expect(never.advice).toBe('Nothing received yet: send your backup notifications to acme@in.test.');
  });

  it('gives every warning a one-line next step', () => {
    for (const Key of ['email-parsing', 'daily-rollup', 'scheduled-reports', 'mailbox-polling']) {
      const a = assess(fn({ Key, State: 'warning' }), NOW, null);
      expect(a.state).toBe('warning');
      expect(a.advice.length).toBeGreaterThan(20);
      expect(a.advice).not.toContain('\n');
      expect(assess(fn({ Key, State: 'ok' }), NOW, null).advice).not.toBe(a.advice);
    }
    expect(assess(fn({ Key: 'scheduled-reports', State: 'warning' }), NOW, null).advice).toContain('Settings → SMTP');
  });

  it('asks for a schedule only when there is none', () => {
    const reports = (Configured: number) =>
      assess(
        fn({
          Key: 'scheduled-reports',
          State: 'idle',
          LastAt: null,
          Detail: `${Configured} enabled schedules`,
          Configured,
        }),
        NOW,
        null,
      ).advice;
    expect(reports(0)).toBe('No report is scheduled yet. Schedule one under Reporting → Scheduled Reports.');
    expect(reports(2)).toBe('No report has been sent yet: the first one goes out at its scheduled time.');
    expect(reports(2)).not.toContain('Schedule one');
  });

  it('sums up: any warning is named, otherwise all is well', () => {
    const ok = assess(fn({}), NOW, null);
    const late = assess(fn({ Key: 'email-parsing', Name: 'E-mail parsing', State: 'warning' }), NOW, null);
    expect(overall([ok])).toEqual({ state: 'ok', text: 'Everything is running normally' });
    expect(overall([ok, late])).toEqual({ state: 'warning', text: '1 item needs attention: E-mail parsing' });
  });
});
