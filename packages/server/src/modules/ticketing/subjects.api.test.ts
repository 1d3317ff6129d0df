import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SUBJECTS, PATTERN_TOOLTIPS } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';

/** Tickets → Subjects: the global subject per grouping, defaults, previews and the groupings. */
let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const year = String(new Date().getUTCFullYear());

describe('global subjects', () => {
  it('start as the product defaults, each with a preview', async () => {
    const r = await (await t.as('standard'))('GET', '/api/ticket/custom-subjects');
    expect(r.status).toBe(200);
    expect(r.body.map((s: { GroupBy: number; Pattern: string }) => [s.GroupBy, s.Pattern])).toEqual([
      [0, DEFAULT_SUBJECTS[0]],
      [1, DEFAULT_SUBJECTS[1]],
      [2, DEFAULT_SUBJECTS[2]],
      [3, DEFAULT_SUBJECTS[3]],
    ]);
    expect(r.body[1].Example).toBe('Failure: backups of Contoso Ltd');
    expect(r.body[0].Example).toBe('Failure: Contoso Ltd - SQL-01 - Nightly SQL');
  });

  it('saves a subject for one grouping; the others keep theirs', async () => {
    const standard = await t.as('standard');
    const saved = await standard('PUT', '/api/ticket/custom-subjects', {
      Pattern: '[{status}] {company} ({date|yyyy}) {tag|f}',
      GroupBy: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.Message).toBe('Subject template updated successfully');
    const r = await standard('GET', '/api/ticket/custom-subjects');
    expect(r.body[1]).toEqual({
      Pattern: '[{status}] {company} ({date|yyyy}) {tag|f}',
      GroupBy: 1,
      Example: `[Failure] Contoso Ltd (${year}) Critical`,
    });
    expect(r.body[0].Pattern).toBe(DEFAULT_SUBJECTS[0]);
    // all-ticketing-groups carries the grouping name with its current subject.
    const groups = await standard('GET', '/api/ticket/all-ticketing-groups');
    expect(groups.status).toBe(200);
    expect(groups.body[1]).toMatchObject({
      Id: 1,
      Name: 'Company',
      Pattern: '[{status}] {company} ({date|yyyy}) {tag|f}',
    });
    expect(groups.body.map((g: { Name: string }) => g.Name)).toEqual(['Backup', 'Company', 'Job Name', 'Device Name']);
  });

  it('refuses a pattern with errors, listing each with its place, and keeps the saved one', async () => {
    const standard = await t.as('standard');
    const bad = await standard('PUT', '/api/ticket/custom-subjects', {
      Pattern: '{status}: {nope} for {job}',
      GroupBy: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('The pattern has errors: Unknown variable {nope}');
    expect(bad.body.Errors).toEqual([
      { Field: 'Pattern', Message: 'Unknown variable {nope}', start: 10, end: 16, message: 'Unknown variable {nope}' },
      { Field: 'Pattern', Message: PATTERN_TOOLTIPS.job, start: 21, end: 26, message: PATTERN_TOOLTIPS.job },
    ]);
    const empty = await standard('PUT', '/api/ticket/custom-subjects', { Pattern: '  ', GroupBy: 2 });
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toBe('Pattern is required');
    const wrongGroup = await standard('PUT', '/api/ticket/custom-subjects', { Pattern: '{status}', GroupBy: 7 });
    expect(wrongGroup.status).toBe(400);
    const r = await standard('GET', '/api/ticket/custom-subjects');
    expect(r.body[1].Pattern).toBe('[{status}] {company} ({date|yyyy}) {tag|f}');
    expect(r.body[2].Pattern).toBe(DEFAULT_SUBJECTS[2]);
  });

  it('belongs to one tenant', async () => {
    const other = await (await t.as('outsider'))('GET', '/api/ticket/custom-subjects');
    expect(other.status).toBe(200);
    expect(other.body[1].Pattern).toBe(DEFAULT_SUBJECTS[1]);
  });
});

describe('previews and groupings', () => {
  it('previews a pattern with example values', async () => {
    const standard = await t.as('standard');
    const r = await standard('POST', '/api/ticket/pattern-example', {
      Pattern: '{groupBy} {group}: {device} {date|dd MMMM yyyy|de}',
      GroupBy: 3,
    });
    expect(r.status).toBe(200);
    expect(r.body.Example).toMatch(/^Device Name SQL-01: SQL-01 \d{2} \S+ \d{4}$/);
    const unclosed = await standard('POST', '/api/ticket/pattern-example', { Pattern: 'unclosed {status', GroupBy: 0 });
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.Errors).toEqual([
      expect.objectContaining({ start: 9, end: 16, message: 'Unclosed brace: a placeholder needs a closing }' }),
    ]);
    const device = await standard('POST', '/api/ticket/pattern-example', { Pattern: '{device}', GroupBy: 2 });
    expect(device.status).toBe(400);
    expect(device.body.Errors[0].message).toBe(PATTERN_TOOLTIPS.device);
  });

  it('lists the default subjects and the four groupings', async () => {
    const standard = await t.as('standard');
    const d = await standard('GET', '/api/ticket/default-subjects');
    expect(d.status).toBe(200);
    expect(d.body.map((s: { Pattern: string }) => s.Pattern)).toEqual(
      [0, 1, 2, 3].map((g) => DEFAULT_SUBJECTS[g as 0]),
    );
    const g = await standard('GET', '/api/ticket/ticketing-groups');
    expect(g.body).toEqual([
      { Id: 0, Name: 'Backup' },
      { Id: 1, Name: 'Company' },
      { Id: 2, Name: 'Job Name' },
      { Id: 3, Name: 'Device Name' },
    ]);
  });
});

describe('permissions', () => {
  it('lets a client user neither read nor change subjects', async () => {
    const client = await t.as('client');
    expect((await client('GET', '/api/ticket/custom-subjects')).status).toBe(403);
    expect((await client('PUT', '/api/ticket/custom-subjects', { Pattern: '{status}', GroupBy: 0 })).status).toBe(403);
    expect((await client('POST', '/api/ticket/pattern-example', { Pattern: '{status}', GroupBy: 0 })).status).toBe(403);
    expect((await t.call('GET', '/api/ticket/custom-subjects')).status).toBe(401);
  });
});
