import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../test/harness.ts';
import { homeTenantId, setTimeZone } from '../../audit/test-data.ts';
import { ticketingEvaluateJob } from '../../../jobs/ticketing.ts';
import { addTicketNote, createManualTicket, evaluateTenant } from './index.ts';
import {
  addResults,
  company,
  day,
  makeBackups,
  makeProfile,
  makeRule,
  outboxOf,
  resetTicketing,
  ticketsOf,
  today,
} from './test-setup.ts';

/**
 * Rule evaluation (features §3.3, §9): which tickets open, continue, clear and close, from
 * day statuses made by the real intake and rollup. Delivery is covered in delivery.api.test.ts.
 */
let t: TestApp;
let homeId: number;
let otherId: number;
let seq = 0;
/** Unique device names per test (the tenant's backups accumulate across tests). */
const dev = (name: string) => `${name}-${++seq}`;

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  otherId = await homeTenantId(t, 'other');
  await setTimeZone(t, homeId, 'UTC');
  await setTimeZone(t, otherId, 'UTC');
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await resetTicketing(t, homeId);
  await resetTicketing(t, otherId);
});

/** A webhook profile (evaluation does not care where tickets go) and one rule over `companyIds`. */
async function ruleFor(
  groupBy: 0 | 1 | 2 | 3,
  companyIds: number[],
  rule: Partial<Parameters<typeof makeRule>[2]> = {},
) {
  const profileId = await makeProfile(t, homeId, {
    type: 3,
    groupBy,
    settings: { WebhookUrl: 'https://hooks.test/x' },
  });
  return makeRule(t, homeId, { profileId, companyIds, ...rule });
}

describe('opening tickets', () => {
  it('opens one ticket per backup when grouped by backup, with the rendered default subject', async () => {
    const [a, b, c] = [dev('srv-a'), dev('srv-b'), dev('srv-c')];
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']], [b]: [[1, 'Failed']], [c]: [[1, 'Success']] });
    const co = await company(t, homeId, `Contoso ${seq}`, Object.values(ids));
    const ruleId = await ruleFor(0, [co]);

    expect(await evaluateTenant(t.deps, homeId)).toEqual({ opened: 2, noted: 0, closed: 0 });
    const list = await ticketsOf(t, homeId);
    expect(list.map((x) => [x.group_key, x.backups, x.state, x.status])).toEqual([
      [`${ruleId}:0:${ids[a]}`, [ids[a]], 'Pending', 3],
      [`${ruleId}:0:${ids[b]}`, [ids[b]], 'Pending', 3],
    ]);
    // DEFAULT_SUBJECTS[0] = '{status}: {company} - {device} - {job}'
    expect(list[0].subject).toBe(`Failure: Contoso ${seq} - ${a} - ${a}`);
    expect(list[0].description).toContain('Ticket automatically created by Vigil');
    expect(list[0].description).toContain(`- ${a} / ${a}`);
    expect((await outboxOf(t, list[0].id)).map((o) => [o.action, o.state])).toEqual([['create', 'queued']]);
  });

  it('groups by company, job name and device name into one ticket per group', async () => {
    const [a, b, c] = [dev('grp-a'), dev('grp-b'), dev('grp-c')];
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']], [b]: [[1, 'Failed']], [c]: [[1, 'Failed']] });
    const co1 = await company(t, homeId, `North ${seq}`, [ids[a], ids[b]]);
    const co2 = await company(t, homeId, `South ${seq}`, [ids[c]]);

    const byCompany = await ruleFor(1, [co1, co2]);
    expect((await evaluateTenant(t.deps, homeId)).opened).toBe(2);
    const list = await ticketsOf(t, homeId);
    expect(list.map((x) => [x.group_key, x.backups, x.group_label])).toEqual([
      [`${byCompany}:1:${co1}`, [ids[a], ids[b]], `North ${seq}`],
      [`${byCompany}:1:${co2}`, [ids[c]], `South ${seq}`],
    ]);
    expect(list[0].subject).toBe(`Failure: backups of North ${seq}`);

    // Same job name on two devices: one ticket for the job.
    await resetTicketing(t, homeId);
    const [d, e] = [dev('job-d'), dev('job-e')];
    const jobIds = await makeBackups(t, homeId, { [d]: [[1, 'Failed']], [e]: [[1, 'Failed']] }, () => `Nightly ${seq}`);
    const co3 = await company(t, homeId, `Jobs ${seq}`, Object.values(jobIds));
    const byJob = await ruleFor(2, [co3]);
    expect((await evaluateTenant(t.deps, homeId)).opened).toBe(1);
    const jobTickets = await ticketsOf(t, homeId);
    expect(jobTickets.map((x) => [x.group_key, x.backups.length, x.subject])).toEqual([
      [`${byJob}:2:nightly ${seq}`, 2, `Failure: job Nightly ${seq} (Jobs ${seq})`],
    ]);

    // One device with two jobs: one ticket for the device.
    await resetTicketing(t, homeId);
    const f = dev('dev-f');
    await makeBackups(t, homeId, { [f]: [[1, 'Failed']] }, () => 'System');
    await makeBackups(t, homeId, { [f]: [[1, 'Failed']] }, () => 'Files');
    const devIds = (
      await t.database.query<{ id: number }>('SELECT id FROM backups WHERE tenant_id = $1 AND device_name = $2', [
        homeId,
        f,
      ])
    ).rows.map((r) => r.id);
    expect(devIds).toHaveLength(2);
    const co4 = await company(t, homeId, `Devices ${seq}`, devIds);
    const byDevice = await ruleFor(3, [co4]);
    expect((await evaluateTenant(t.deps, homeId)).opened).toBe(1);
    const devTickets = await ticketsOf(t, homeId);
    expect(devTickets.map((x) => [x.group_key, x.backups])).toEqual([
      [`${byDevice}:3:${f.toLowerCase()}`, [...devIds].sort((x, y) => x - y)],
    ]);
  });

  it('waits for ConsecutiveDays, or for the backup failure threshold when the rule says so', async () => {
    const [one, two] = [dev('cons-1'), dev('cons-2')];
    const ids = await makeBackups(t, homeId, {
      [one]: [
        [2, 'Success'],
        [1, 'Failed'],
      ],
      [two]: [
        [2, 'Failed'],
        [1, 'Failed'],
      ],
    });
    const co = await company(t, homeId, `Streak ${seq}`, Object.values(ids));
    await ruleFor(0, [co], { consecutiveDays: 2 });
    await evaluateTenant(t.deps, homeId);
    expect((await ticketsOf(t, homeId)).map((x) => x.backups)).toEqual([[ids[two]]]);

    // Threshold 3 on the backup with two failures: nothing; threshold 1 on the other: a ticket.
    await resetTicketing(t, homeId);
    await t.database.query('UPDATE backups SET failure_threshold = 3 WHERE id = $1', [ids[two]]);
    await t.database.query('UPDATE backups SET failure_threshold = 1 WHERE id = $1', [ids[one]]);
    await ruleFor(0, [co], { consecutiveDays: 5, useFailureThreshold: true });
    await evaluateTenant(t.deps, homeId);
    expect((await ticketsOf(t, homeId)).map((x) => x.backups)).toEqual([[ids[one]]]);
  });

  it('respects the scope (companies, tags), the statuses, disabled rules and paused backups', async () => {
    const [inside, outside, warn, tagged, paused] = ['in', 'out', 'warn', 'tag', 'paused'].map((n) =>
      dev(`scope-${n}`),
    );
    const ids = await makeBackups(t, homeId, {
      [inside]: [[1, 'Failed']],
      [outside]: [[1, 'Failed']],
      [warn]: [[1, 'Warning']],
      [tagged]: [[1, 'Failed']],
      [paused]: [[1, 'Failed']],
    });
    const co = await company(t, homeId, `Scoped ${seq}`, [ids[inside], ids[warn], ids[tagged], ids[paused]]);
    await company(t, homeId, `Elsewhere ${seq}`, [ids[outside]]);
    await t.database.query(`UPDATE backups SET paused_until = now() + interval '1 day' WHERE id = $1`, [ids[paused]]);
    const disabled = await ruleFor(0, [], { isEnabled: false });
    expect(disabled).toBeGreaterThan(0);
    await ruleFor(0, [co], { statuses: [3] });
    await evaluateTenant(t.deps, homeId);
    const got = (await ticketsOf(t, homeId)).flatMap((x) => x.backups).sort((x, y) => x - y);
    expect(got).toEqual([ids[inside], ids[tagged]].sort((x, y) => x - y));

    // A tag scope narrows it further; the first enabled matching rule decides.
    await resetTicketing(t, homeId);
    await t.database.query('INSERT INTO backup_tags (tenant_id, backup_id, tag) VALUES ($1, $2, $3)', [
      homeId,
      ids[tagged],
      `Critical${seq}`,
    ]);
    await ruleFor(0, [co], { tags: [`critical${seq}`] });
    await evaluateTenant(t.deps, homeId);
    expect((await ticketsOf(t, homeId)).map((x) => x.backups)).toEqual([[ids[tagged]]]);
  });
});

describe('never twice', () => {
  it('opens nothing more when evaluated again, or twice at once', async () => {
    const [a, b] = [dev('dup-a'), dev('dup-b')];
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']], [b]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Dup ${seq}`, Object.values(ids));
    await ruleFor(1, [co]);
    const both = await Promise.all([evaluateTenant(t.deps, homeId), evaluateTenant(t.deps, homeId)]);
    expect(both.map((r) => r.opened).sort()).toEqual([0, 1]);
    expect(await evaluateTenant(t.deps, homeId)).toEqual({ opened: 0, noted: 0, closed: 0 });
    const list = await ticketsOf(t, homeId);
    expect(list).toHaveLength(1);
    expect(await outboxOf(t, list[0].id)).toHaveLength(1);
  });

  it('does not reopen a ticket closed by hand until the problem shows on a later day', async () => {
    const a = dev('hand');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Hand ${seq}`, [ids[a]]);
    await ruleFor(0, [co]);
    await evaluateTenant(t.deps, homeId);
    const [first] = await ticketsOf(t, homeId);
    await addTicketNote(t.deps, homeId, first.id, { note: 'Fixed the disk', close: true, userId: null });
    expect((await evaluateTenant(t.deps, homeId)).opened).toBe(0);
    await addResults(t, homeId, { [a]: [[0, 'Failed']] });
    expect((await evaluateTenant(t.deps, homeId)).opened).toBe(1);
    expect((await ticketsOf(t, homeId)).map((x) => x.state)).toEqual(['Closed', 'Pending']);
  });
});

describe('continuing and clearing', () => {
  it('notes a continuing problem once per new day and links backups that join the group', async () => {
    const [a, b] = [dev('cont-a'), dev('cont-b')];
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']], [b]: [[1, 'Success']] });
    const co = await company(t, homeId, `Cont ${seq}`, Object.values(ids));
    await ruleFor(1, [co]);
    await evaluateTenant(t.deps, homeId);
    const [ticket] = await ticketsOf(t, homeId);
    expect(ticket.backups).toEqual([ids[a]]);

    await addResults(t, homeId, { [a]: [[0, 'Failed']], [b]: [[0, 'Failed']] });
    expect(await evaluateTenant(t.deps, homeId)).toEqual({ opened: 0, noted: 1, closed: 0 });
    expect(await evaluateTenant(t.deps, homeId)).toEqual({ opened: 0, noted: 0, closed: 0 });
    const [after] = await ticketsOf(t, homeId);
    expect(after.backups).toEqual([ids[a], ids[b]].sort((x, y) => x - y));
    const notes = (await outboxOf(t, ticket.id)).filter((o) => o.action === 'note');
    expect(notes.map((n) => n.dedupe)).toEqual([today]);
    expect(notes[0].payload.text).toContain(`${b} / ${b} now has the problem too: Failure`);
    expect(notes[0].payload.text).toContain(`The problem continues on ${today}`);
  });

  it('stays quiet on a new day when NoteOnContinue is off', async () => {
    const a = dev('quiet');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Quiet ${seq}`, [ids[a]]);
    await ruleFor(0, [co], { noteOnContinue: false });
    await evaluateTenant(t.deps, homeId);
    await addResults(t, homeId, { [a]: [[0, 'Failed']] });
    expect(await evaluateTenant(t.deps, homeId)).toEqual({ opened: 0, noted: 0, closed: 0 });
  });

  it('closes with the close note when the backups succeed again (AutoClose)', async () => {
    const a = dev('close');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Close ${seq}`, [ids[a]]);
    await ruleFor(0, [co], { closeNote: 'Backups are green again.' });
    await evaluateTenant(t.deps, homeId);
    await addResults(t, homeId, { [a]: [[0, 'Success']] });
    expect(await evaluateTenant(t.deps, homeId)).toEqual({ opened: 0, noted: 0, closed: 1 });
    const [ticket] = await ticketsOf(t, homeId);
    expect(ticket.state).toBe('Closed');
    const close = (await outboxOf(t, ticket.id)).find((o) => o.action === 'close');
    expect(close?.payload.text).toBe('Backups are green again.');
    expect(await evaluateTenant(t.deps, homeId)).toEqual({ opened: 0, noted: 0, closed: 0 });
  });

  it('notes "The problem cleared" once and keeps the ticket when AutoClose is off', async () => {
    const a = dev('keep');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Keep ${seq}`, [ids[a]]);
    await ruleFor(0, [co], { autoClose: false });
    await evaluateTenant(t.deps, homeId);
    await addResults(t, homeId, { [a]: [[0, 'Success']] });
    expect(await evaluateTenant(t.deps, homeId)).toEqual({ opened: 0, noted: 1, closed: 0 });
    expect(await evaluateTenant(t.deps, homeId)).toEqual({ opened: 0, noted: 0, closed: 0 });
    const [ticket] = await ticketsOf(t, homeId);
    expect(ticket.state).toBe('Pending');
    const notes = (await outboxOf(t, ticket.id)).filter((o) => o.action === 'note');
    expect(notes.map((n) => n.payload.text)).toEqual(['The problem cleared: the backups succeeded again.']);
  });
});

describe('the rollup hook and tenants', () => {
  it('marks the tenant dirty when its day statuses change, and evaluation clears the mark', async () => {
    const a = dev('dirty');
    await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const dirty = async () =>
      (
        await t.database.query<{ dirty: boolean }>('SELECT dirty FROM ticket_evaluations WHERE tenant_id = $1', [
          homeId,
        ])
      ).rows[0]?.dirty;
    expect(await dirty()).toBe(true);
    await evaluateTenant(t.deps, homeId);
    expect(await dirty()).toBe(false);
    await addResults(t, homeId, { [a]: [[0, 'Success']] });
    expect(await dirty()).toBe(true);
  });

  it('the evaluate job takes dirty tenants, and a per-tenant job skips a tenant already evaluated', async () => {
    const a = dev('job');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Job ${seq}`, [ids[a]]);
    await t.database.query('UPDATE ticket_evaluations SET dirty = false WHERE tenant_id = $1', [homeId]);
    await ruleFor(0, [co]);
    const job = ticketingEvaluateJob(t.deps);
    // Not dirty: the tenant-scoped job leaves it alone.
    await job.handler!({ tenantId: homeId });
    expect(await ticketsOf(t, homeId)).toEqual([]);
    await t.database.query('UPDATE ticket_evaluations SET dirty = true WHERE tenant_id = $1', [homeId]);
    await job.handler!({});
    expect((await ticketsOf(t, homeId)).map((x) => x.backups)).toEqual([[ids[a]]]);
  });

  it("keeps tenants apart: one tenant's evaluation and actions never touch another's", async () => {
    const a = dev('iso');
    const mine = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    const theirs = await makeBackups(t, otherId, { [a]: [[1, 'Failed']] });
    const co = await company(t, homeId, `Iso ${seq}`, [mine[a]]);
    await ruleFor(0, [co]);
    const otherProfile = await makeProfile(t, otherId, {
      type: 3,
      groupBy: 0,
      settings: { WebhookUrl: 'https://o.test' },
    });
    await makeRule(t, otherId, { profileId: otherProfile });

    await evaluateTenant(t.deps, homeId);
    expect(await ticketsOf(t, otherId)).toEqual([]);
    await evaluateTenant(t.deps, otherId);
    const [otherTicket] = await ticketsOf(t, otherId);
    expect(otherTicket.backups).toEqual([theirs[a]]);
    expect((await ticketsOf(t, homeId)).map((x) => x.backups)).toEqual([[mine[a]]]);

    // Another tenant's backup, ticket or profile is simply not there.
    const homeProfile = await makeProfile(t, homeId, {
      type: 3,
      groupBy: 0,
      settings: { WebhookUrl: 'https://h.test' },
    });
    await expect(
      createManualTicket(t.deps, homeId, theirs[a], { profileId: homeProfile, userId: 1 }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      createManualTicket(t.deps, homeId, mine[a], { profileId: otherProfile, userId: 1 }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      addTicketNote(t.deps, homeId, otherTicket.id, { note: 'x', close: true, userId: null }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect((await ticketsOf(t, otherId))[0].state).toBe('Pending');
  });

  it('makes a manual ticket with the default subject, queued for delivery', async () => {
    const a = dev('manual');
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']] });
    await company(t, homeId, `Manual ${seq}`, [ids[a]]);
    const profileId = await makeProfile(t, homeId, {
      type: 3,
      groupBy: 0,
      customSubject: '{status} on {device} ({date|yyyy-MM-dd})',
      settings: { WebhookUrl: 'https://m.test' },
    });
    const user = (await t.database.query<{ id: number }>('SELECT id FROM users WHERE tenant_id = $1 LIMIT 1', [homeId]))
      .rows[0].id;
    const id = await createManualTicket(t.deps, homeId, ids[a], { profileId, userId: user });
    const ticket = (await ticketsOf(t, homeId)).find((x) => x.id === id)!;
    expect(ticket.subject).toBe(`Failure on ${a} (${today})`);
    expect(ticket.group_key).toBe(`manual:${id}`);
    expect((await outboxOf(t, id)).map((o) => o.action)).toEqual(['create']);
    expect(day(0)).toBe(today);
  });
});
