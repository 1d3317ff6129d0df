import { describe, expect, it } from 'vitest';
import type { EngineBackup, EngineRule, LiveTicket } from './load.ts';
import { backupState, groupBackups, planGroups } from './plan.ts';

const rule = (over: Partial<EngineRule> = {}): EngineRule => ({
  id: 7,
  name: 'Failures',
  isEnabled: true,
  position: 1,
  scope: { CompanyIds: [], Tags: [], Vendors: [] },
  statuses: [3, 4],
  consecutiveDays: 2,
  useFailureThreshold: false,
  autoClose: true,
  closeNote: null,
  noteOnContinue: true,
  profile: { id: 1, name: 'P', type: 3, groupBy: 0, customSubject: null, customDescription: null, settings: {} },
  ...over,
});
/** Days latest first: `[status, …]` from 2026-11-20 backwards. */
const backup = (id: number, statuses: number[], over: Partial<EngineBackup> = {}): EngineBackup => ({
  id,
  companyId: 1,
  companyName: 'Contoso',
  vendor: 'Veeam',
  deviceName: `dev-${id}`,
  jobName: 'Nightly',
  tags: [],
  failureThreshold: 1,
  days: statuses.map((status, i) => ({ day: `2026-11-${String(20 - i).padStart(2, '0')}`, status })),
  ...over,
});

describe('backupState', () => {
  it('counts the streak of watched statuses from the latest day', () => {
    expect(backupState(rule(), backup(1, [3, 4, 1]))).toMatchObject({ condition: 'problem', streak: 2 });
    expect(backupState(rule(), backup(1, [3, 1, 3]))).toMatchObject({ condition: 'failing', streak: 1 });
    expect(backupState(rule({ useFailureThreshold: true }), backup(1, [3, 1]))).toMatchObject({ condition: 'problem' });
  });

  it('treats a suppressed No Result as no problem, and an unwatched warning as cleared', () => {
    expect(backupState(rule(), backup(1, [6, 3, 3])).condition).toBe('neutral');
    expect(backupState(rule(), backup(1, [3, 6, 3])).condition).toBe('failing');
    expect(backupState(rule(), backup(1, [2, 3])).condition).toBe('clear');
    expect(backupState(rule({ statuses: [2, 3] }), backup(1, [2])).condition).toBe('failing');
    expect(backupState(rule(), backup(1, [])).condition).toBe('neutral');
  });
});

describe('planGroups', () => {
  const live = (over: Partial<LiveTicket>): LiveTicket => ({
    id: 100,
    ruleId: 7,
    groupKey: '7:0:1',
    kind: 3,
    state: 'Open',
    externalId: null,
    lastNotedDay: '2026-11-19',
    backupIds: [1],
    ...over,
  });

  it('opens for a problem, notes a later day, clears when every linked backup succeeded', () => {
    const r = [rule()];
    const groups = groupBackups(r, [backup(1, [3, 3])]);
    expect(planGroups(groups, [], new Map()).map((a) => a.kind)).toEqual(['open']);
    const [cont] = planGroups(groups, [live({})], new Map());
    expect(cont).toMatchObject({ kind: 'continue', note: true, day: '2026-11-20' });
    expect(planGroups(groups, [live({ lastNotedDay: '2026-11-20' })], new Map())).toEqual([]);
    const cleared = groupBackups(r, [backup(1, [1, 3])]);
    expect(planGroups(cleared, [live({})], new Map()).map((a) => a.kind)).toEqual(['clear']);
  });

  it('does not reopen for a day an ended ticket already covered', () => {
    const groups = groupBackups([rule()], [backup(1, [3, 3])]);
    expect(planGroups(groups, [], new Map([['7:0:1', '2026-11-20']]))).toEqual([]);
    expect(planGroups(groups, [], new Map([['7:0:1', '2026-11-19']])).map((a) => a.kind)).toEqual(['open']);
  });
});
