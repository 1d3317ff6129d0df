import { describe, expect, it } from 'vitest';
import type { HubUser, UserTypeSuggestion } from '@vigil/contract';
import { accessState, canRevoke, grantedLine, moveDone, moveQuestion, ownGrants, planMoves } from './userAccess';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const hub = (over: Partial<HubUser>): HubUser => ({
  UserId: 5,
  Name: 'Sup Port',
  Email: 'support@vigil.local',
  HasAccess: false,
  GrantedAt: null,
  ExpiresAt: null,
  GrantedBy: null,
  AccessVia: null,
  ...over,
});
const live = (over: Partial<HubUser> = {}) =>
  hub({ HasAccess: true, GrantedAt: '2026-11-25T12:00:00Z', GrantedBy: 'Ada Admin', AccessVia: 'own', ...over });

describe('accessState', () => {
  it('says no access, until revoked, or until a date with how far away it is', () => {
    expect(accessState(hub({}), NOW)).toEqual({ tone: 'none', text: 'No access', detail: null });
    expect(accessState(live({ ExpiresAt: null }), NOW)).toEqual({ tone: 'live', text: 'Until revoked', detail: null });
    const week = accessState(live({ ExpiresAt: '2026-12-03T12:00:00Z' }), NOW);
    expect(week.tone).toBe('live');
    expect(week.text).toMatch(/^Until 12\/0[23]\/2026 /);
    expect(week.detail).toBe('next week');
  });

  it('marks a grant ending within a day', () => {
    const soon = accessState(live({ ExpiresAt: '2026-11-26T18:00:00Z' }), NOW);
    expect(soon).toMatchObject({ tone: 'ending', detail: 'in 6 hours' });
    expect(accessState(live({ ExpiresAt: '2026-11-27T12:00:01Z' }), NOW).tone).toBe('live');
  });
});

describe('grantedLine and revoking', () => {
  it('names who granted, and says when access comes from the grant for everyone', () => {
    expect(grantedLine(hub({}))).toBeNull();
    expect(grantedLine(live())).toMatch(/^Granted 11\/2[56]\/2026 by Ada Admin$/);
    expect(grantedLine(live({ AccessVia: 'all', GrantedBy: null }))).toMatch(/^Granted to all platform staff 11\/2/);
    expect(grantedLine(live({ UserId: null, AccessVia: 'all' }))).toMatch(/^Granted 11\/2.* by Ada Admin$/);
  });

  it('offers revoke only for a grant the row holds itself', () => {
    expect(canRevoke(hub({}))).toBe(false);
    expect(canRevoke(live())).toBe(true);
    expect(canRevoke(live({ AccessVia: 'all' }))).toBe(false);
    expect(canRevoke(live({ UserId: null, AccessVia: 'all' }))).toBe(true);
    expect(ownGrants([live({ UserId: null, AccessVia: 'all' }), live(), live({ AccessVia: 'all' }), hub({})])).toBe(1);
  });
});

describe('moving users between types', () => {
  const s = (UserId: number, SuggestedType: 'standard' | 'client'): UserTypeSuggestion => ({
    UserId,
    Email: `u${UserId}@x.test`,
    CurrentType: SuggestedType === 'standard' ? 'client' : 'standard',
    SuggestedType,
    Reason: '',
  });
  const all = [s(1, 'standard'), s(2, 'client'), s(3, 'standard'), s(4, 'client')];

  it('splits the selection by destination and ignores ids that are not suggested', () => {
    expect(planMoves(all, new Set([1, 3, 4, 99]))).toEqual({ toStandard: [1, 3], toClient: [4] });
    expect(planMoves(all, new Set())).toEqual({ toStandard: [], toClient: [] });
  });

  it('asks a question that names each count and list', () => {
    expect(moveQuestion({ toStandard: [1, 3], toClient: [4] })).toBe(
      'Move 2 users to staff users and 1 user to client users?',
    );
    expect(moveQuestion({ toStandard: [], toClient: [2] })).toBe('Move 1 user to client users?');
    expect(moveQuestion({ toStandard: [], toClient: [] })).toBe('Select at least one user');
    expect(moveDone({ toStandard: [7], toClient: [] })).toBe('Moved 1 user to staff users');
  });
});
