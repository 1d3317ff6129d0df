import { describe, expect, it } from 'vitest';
import { AppMessageInput, isMessageLive, matchesLocation } from './api-messages.ts';

describe('message locations', () => {
  it.each([
    [[], '/app/audit', true],
    [['/app/audit'], '/app/audit', true],
    [['/app/audit'], '/app/audit/', true],
    [['/app/audit'], '/app/audit/2026-05-01', true],
    [['/app/audit'], '/app/auditing', false],
    [['/app/audit'], '/app/dashboard', false],
    [['/app/manage/*'], '/app/manage/companies', true],
    [['/app/manage/*'], '/app/manage', false],
    [['/app/manage/*'], '/app/manage/companies/12', false],
    [['/app/**'], '/app/manage/companies/12', true],
    [['/app/**'], '/admin/messages', false],
    [['/app/settings/*', '/admin'], '/admin/messages', true],
    [['/APP/Audit'], '/app/audit', true],
    [['/app/audit'], '/app/audit?tab=2#top', true],
    [['/app/a.b'], '/app/axb', false],
  ] as [string[], string, boolean][])('%j on %s → %s', (locations, path, shown) => {
    expect(matchesLocation(locations, path)).toBe(shown);
  });
});

describe('live window', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  it('needs the message active and now inside [StartsAt, EndsAt)', () => {
    const base = { IsActive: true, StartsAt: null, EndsAt: null };
    expect(isMessageLive(base, now)).toBe(true);
    expect(isMessageLive({ ...base, IsActive: false }, now)).toBe(false);
    expect(isMessageLive({ ...base, StartsAt: '2026-05-10T12:00:01Z' }, now)).toBe(false);
    expect(isMessageLive({ ...base, StartsAt: '2026-05-10T12:00:00Z' }, now)).toBe(true);
    expect(isMessageLive({ ...base, EndsAt: '2026-05-10T12:00:00Z' }, now)).toBe(false);
    expect(isMessageLive({ ...base, EndsAt: '2026-05-10T12:00:01Z' }, now)).toBe(true);
  });

  it('refuses an end that is not after the start', () => {
    const r = AppMessageInput.safeParse({
      Severity: 1,
      Text: 'x',
      StartsAt: '2026-05-10T12:00:00Z',
      EndsAt: '2026-05-10T12:00:00Z',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['EndsAt'], message: 'End must be after start' });
  });
});
