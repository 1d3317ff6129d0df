import { describe, expect, it } from 'vitest';
import { notesWith, tenantTime, traitsOf, type ProtectionSummary } from './summary.ts';

const summary: ProtectionSummary = {
  backups: 2,
  succeeded: 1,
  warned: 0,
  failed: 1,
  noResult: 0,
  lines: [
    { device: 'dc01', job: 'System', status: 1, lastGood: '2026-11-27 23:10' },
    { device: 'fs01', job: 'Files', status: 3, lastGood: null },
  ],
  auditUrl: 'https://vigil.example/app/audit?companyId=7',
};

describe('IT Glue summary', () => {
  it("shows times in the tenant's zone, across the date line", () => {
    const at = new Date('2026-11-27T22:10:00Z');
    expect(tenantTime(at, 'Europe/Amsterdam')).toBe('2026-11-27 23:10');
    expect(tenantTime(at, 'Pacific/Auckland')).toBe('2026-11-28 11:10');
    expect(tenantTime(at, 'Not/AZone')).toBe('2026-11-27 22:10');
  });

  it('fills only the fields the chosen type has', () => {
    expect(traitsOf('Acme', summary, '2026-11-28 08:00', ['name', 'failed', 'other'])).toEqual({
      name: 'Acme backups',
      failed: 1,
    });
    const all = traitsOf('Acme', summary, 'x', ['last-good-backups', 'vigil-audit']);
    expect(all['last-good-backups']).toBe(
      'dc01 / System: Success, last good backup 2026-11-27 23:10\nfs01 / Files: Failure, last good backup never',
    );
    expect(all['vigil-audit']).toBe(summary.auditUrl);
  });

  it("replaces its own block in a configuration's notes and keeps the rest", () => {
    const once = notesWith('Rack 4', summary.lines.slice(0, 1), summary.auditUrl, 'T1');
    expect(once.startsWith('Rack 4\n<!-- vigil:start -->\nVigil backups (updated T1):')).toBe(true);
    const twice = notesWith(`${once}\nPatch panel B`, summary.lines.slice(0, 1), summary.auditUrl, 'T2');
    expect(twice.match(/vigil:start/g)).toHaveLength(1);
    expect(twice).toContain('updated T2');
    expect(twice).not.toContain('updated T1');
    expect(twice.endsWith('<!-- vigil:end -->\nPatch panel B')).toBe(true);
    expect(notesWith(null, [], summary.auditUrl, 'T').startsWith('<!-- vigil:start -->')).toBe(true);
  });
});
