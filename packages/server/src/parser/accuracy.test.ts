import { describe, expect, it } from 'vitest';
import { scoreSample, summarize, type SampleReading, type SampleTruth } from './accuracy.ts';
import type { ParsedStatus } from './types.ts';

const vendors = new Set(['duplicati', 'bacula']);
const truth = (status: ParsedStatus, parser: string | null = 'duplicati', isBackupReport = true): SampleTruth => ({
  product: parser ?? 'Borg',
  parser,
  expected: { status, isBackupReport },
});
const read = (vendor: string | null, ...statuses: ParsedStatus[]): SampleReading => ({ vendor, statuses });

describe('scoreSample', () => {
  const cases: [string, SampleTruth, SampleReading, Partial<ReturnType<typeof scoreSample>>][] = [
    [
      'right status and vendor',
      truth('Failure'),
      read('duplicati', 'Failure'),
      { statusRight: true, vendorRight: true, falseGreen: false, unrecognised: false },
    ],
    [
      'a failure read as success is a false green',
      truth('Failure'),
      read('duplicati', 'Success'),
      { statusRight: false, falseGreen: true },
    ],
    [
      'a warning read as success is a false green',
      truth('Warning'),
      read('duplicati', 'Success'),
      { falseGreen: true },
    ],
    [
      'a failure read as warning is wrong but not green',
      truth('Failure'),
      read('duplicati', 'Warning'),
      { statusRight: false, falseGreen: false },
    ],
    [
      'several results: the worst decides',
      truth('Failure'),
      read('duplicati', 'Success', 'Failure', 'Warning'),
      { statusRight: true, falseGreen: false },
    ],
    [
      'left unread is not right, not a false green, and unrecognised',
      truth('Failure'),
      read(null),
      { statusRight: false, falseGreen: false, unrecognised: true, vendorRight: false },
    ],
    [
      'another vendor parser named',
      truth('Success'),
      read('bacula', 'Success'),
      { statusRight: true, vendorRight: false },
    ],
    [
      'no parser for the product: the generic reader may name it',
      truth('Success', null),
      read('generic', 'Success'),
      { vendorRight: true },
    ],
    [
      'no parser for the product: a vendor parser claiming it is wrong',
      truth('Success', null),
      read('bacula', 'Success'),
      { vendorRight: false },
    ],
    [
      'not a backup report, nothing filed',
      truth('Success', null, false),
      read(null),
      { wronglyFiled: false, unrecognised: false, statusRight: false, falseGreen: false },
    ],
    [
      'not a backup report, filed as a success',
      truth('Success', null, false),
      read('generic', 'Success'),
      { wronglyFiled: true, falseGreen: false },
    ],
  ];
  for (const [name, t, r, want] of cases) it(name, () => expect(scoreSample(t, r, vendors)).toMatchObject(want));
});

describe('summarize', () => {
  it('counts status accuracy over backup reports only and vendor accuracy over those with a parser', () => {
    const rows = (
      [
        [truth('Failure'), read('duplicati', 'Failure')],
        [truth('Warning'), read('duplicati', 'Success')],
        [truth('Success', null), read(null)],
        [truth('Success', null, false), read('generic', 'Success')],
      ] as const
    ).map(([t, r]) => ({ truth: t, score: scoreSample(t, r, vendors) }));
    expect(summarize(rows)).toEqual({
      samples: 4,
      reports: 3,
      statusRight: 1,
      statusAccuracy: 33.3,
      withParser: 2,
      withParserStatusRight: 1,
      withParserStatusAccuracy: 50,
      vendorRight: 2,
      vendorAccuracy: 100,
      falseGreens: 1,
      unrecognised: 1,
      notReports: 1,
      wronglyFiled: 1,
    });
  });

  it('gives null percentages when there is nothing to count', () => {
    expect(summarize([])).toMatchObject({ samples: 0, statusAccuracy: null, vendorAccuracy: null });
  });
});
