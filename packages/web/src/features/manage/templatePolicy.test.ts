// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TemplateRow } from '@vigil/contract';
import { ruleText, templatePolicyLines } from './templatePolicy';

const template: TemplateRow = {
  Id: 4,
  Name: 'Servers',
  Settings: { ScheduleId: 9, DayStartHour: 6, StatusCalculation: 'Worst', FailureThreshold: 2, Tags: ['gold'] },
  Rules: { Groups: [] } as unknown as TemplateRow['Rules'],
  Companies: [1],
  CompanyNames: ['Contoso'],
  isActive: true,
  BackupsCount: 1200,
  CreatedAt: '2026-01-01T00:00:00Z',
  UpdatedAt: '2026-01-01T00:00:00Z',
};

describe('template policy view', () => {
  it('reads the template settings as the policy its backups follow', () => {
    const lines = templatePolicyLines(
      template,
      [{ ScheduleId: 9, Name: 'Weekdays', Description: 'Every weekday' }],
      'hh:mm A',
    );
    expect(Object.fromEntries(lines.map((l) => [l.label, l.value]))).toMatchObject({
      'Backup type': 'Backup Result',
      Schedule: 'Weekdays (Every weekday)',
      'Business day starts': '06:00 AM',
      'Status calculation': 'Worst result',
      'Failure threshold': '2 days',
      Tags: 'gold',
      Companies: 'Contoso',
      'Linked backups': '1,200',
    });
  });

  it('describes custom schedule rules and unscheduled templates', () => {
    expect(ruleText({ kind: 'weekly', weekdays: 2 | 4 | 8 | 16 | 32, months: 4095 } as never)).toBe('Weekdays');
    expect(ruleText({ kind: 'interval', everyDays: 3, startDate: '2026-01-05', months: 4095 } as never)).toBe(
      'Every 3 days from 2026-01-05',
    );
    expect(ruleText({ kind: 'monthlyNth', nth: -1, weekdays: 32, months: 4095 } as never)).toBe(
      'Last Friday of the month',
    );
    const plain = templatePolicyLines({ ...template, Settings: {}, CompanyNames: [] }, [], 'HH:mm');
    expect(plain.find((l) => l.label === 'Schedule')?.value).toBe('Not scheduled');
    expect(plain.find((l) => l.label === 'Companies')?.value).toBe('All companies');
  });
});
