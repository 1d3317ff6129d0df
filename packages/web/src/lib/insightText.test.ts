import { describe, expect, it } from 'vitest';
import { InsightType } from '@vigil/contract';
import {
  actionDoneText,
  applyConfirmation,
  computedText,
  countsByType,
  insightListPath,
  insightTypeFromParam,
} from './insightText';

describe('insight type in the address', () => {
  it('reads the exact name, any case and kebab-case', () => {
    expect(insightTypeFromParam('BackupMissingSchedule')).toBe('BackupMissingSchedule');
    expect(insightTypeFromParam('backupnotupdating')).toBe('BackupNotUpdating');
    expect(insightTypeFromParam('backup-results-decreased')).toBe('BackupResultsDecreased');
  });

  it('refuses anything else', () => {
    expect(insightTypeFromParam(undefined)).toBeNull();
    expect(insightTypeFromParam('')).toBeNull();
    expect(insightTypeFromParam('overview')).toBeNull();
    expect(insightTypeFromParam('BackupMissing')).toBeNull();
  });

  it('round-trips every type through its list path', () => {
    for (const t of InsightType.options) {
      expect(insightTypeFromParam(insightListPath(t).split('/').pop())).toBe(t);
    }
  });
});

describe('what the apply confirmation says', () => {
  const row = (n: number) => ({
    JobName: `Nightly ${n}`,
    DeviceName: `SRV${n}`,
    Current: 'Weekdays',
    Suggested: 'Every day',
  });

  it('names the schedule and each backup before and after', () => {
    const c = applyConfirmation('BackupMissingSchedule', [row(1)]);
    expect(c.title).toBe('Apply 1 suggestion?');
    expect(c.field).toBe('schedule');
    expect(c.lines).toEqual(['Nightly 1 on SRV1: Weekdays → Every day']);
    expect(c.more).toBe(0);
  });

  it('names the backup type for type suggestions', () => {
    expect(applyConfirmation('BackupType', [{ ...row(1), Current: 'Alert', Suggested: 'Backup' }]).lines[0]).toBe(
      'Nightly 1 on SRV1: Alert → Backup',
    );
    expect(applyConfirmation('BackupType', [row(1)]).field).toBe('backup type');
  });

  it('lists five backups and counts the rest', () => {
    const c = applyConfirmation(
      'BackupExtraSchedule',
      Array.from({ length: 8 }, (_, i) => row(i)),
    );
    expect(c.title).toBe('Apply 8 suggestions?');
    expect(c.lines).toHaveLength(5);
    expect(c.more).toBe(3);
  });

  it('shows a dash for an empty value', () => {
    expect(applyConfirmation('BackupType', [{ ...row(1), Current: '' }]).lines[0]).toBe(
      'Nightly 1 on SRV1: - → Every day',
    );
  });
});

describe('texts around the lists', () => {
  it('reports the count the server applied or dismissed', () => {
    expect(actionDoneText('apply', { Applied: 1, Dismissed: 0 })).toBe('1 suggestion applied');
    expect(actionDoneText('dismiss', { Applied: 0, Dismissed: 1200 })).toBe('1,200 suggestions dismissed');
  });

  it('says when the insights were computed', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(computedText(null, now)).toBe('Not computed yet');
    expect(computedText('2026-03-10T11:55:00Z', now)).toBe('Computed 5 minutes ago');
    expect(computedText('2026-03-09T12:00:00Z', now)).toBe('Computed yesterday');
  });

  it('counts an admin row per type, missing types as zero', () => {
    const { byType, total } = countsByType([
      { Type: 'BackupType', Count: 2 },
      { Type: 'BackupNotUpdating', Count: 5 },
    ]);
    expect(total).toBe(7);
    expect(byType.BackupType).toBe(2);
    expect(byType.BackupNotUpdating).toBe(5);
    expect(byType.BackupRetireSuggestion).toBe(0);
    expect(Object.keys(byType)).toHaveLength(InsightType.options.length);
  });
});
