import { afterAll, describe, expect, it } from 'vitest';
import { deliverDue, endTicketsForBackups, evaluateTenant } from './index.ts';
import { addResults, company, makeBackups, makeProfile, makeRule, outboxOf, ticketsOf } from './test-setup.ts';
import { t, homeId, cw, seq, dev, later, setUpDeliverySuite } from './delivery.setup.ts';

setUpDeliverySuite();

describe('PSA delivery (ConnectWise)', () => {
  async function psaSetup(rule: Partial<Parameters<typeof makeRule>[2]> = {}) {
    const [a, b] = [dev('psa-a'), dev('psa-b')];
    const ids = await makeBackups(t, homeId, { [a]: [[1, 'Failed']], [b]: [[1, 'Failed']] });
    // a belongs to a PSA company (Acme Corporation, 250); b to a local one, so the catch-all (Globex, 251) takes it.
    const acme = await company(t, homeId, `Acme PSA ${seq}`, [ids[a]], '250');
    const local = await company(t, homeId, `Local ${seq}`, [ids[b]]);
    const globex = await company(t, homeId, `Globex PSA ${seq}`, [], '251');
    const integration = (
      await t.database.query<{ id: number }>('SELECT id FROM crm_integrations WHERE tenant_id = $1', [homeId])
    ).rows[0].id;
    const profileId = await makeProfile(t, homeId, {
      type: 1,
      groupBy: 0,
      customSubject: 'Backup {status}: {device}',
      crmIntegrationId: integration,
      settings: {
        CatchAllCompany: globex,
        DefaultCrmBoard: 'Service Desk',
        TicketPriority: 2,
        NewTicketStatusId: 11,
        ClosedTicketStatusId: 14,
        IgnoreTicketStatusIds: [13],
        PublicNotes: false,
      },
    });
    await makeRule(t, homeId, { profileId, companyIds: [acme, local], ...rule });
    return { a, b, ids };
  }
  const cwTicket = (summary: string) => cw.state.tickets.find((x) => x.summary === summary);

  afterAll(async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
  });

  it('creates the ticket with the profile fields and the backup or catch-all company, then closes it', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const { a, b, ids } = await psaSetup({ closeNote: 'Resolved: backups succeeded.' });
    await evaluateTenant(t.deps, homeId);
    const before = cw.requests.length;
    expect(await deliverDue(t.deps)).toBe(2);

    const creates = cw.requests.slice(before).filter((r) => r.method === 'POST' && r.path.endsWith('/service/tickets'));
    expect(creates).toHaveLength(2);
    const sent = creates.map((r) => r.body as Record<string, any>).sort((x, y) => x.summary.localeCompare(y.summary));
    expect(sent.map((s) => [s.summary, s.company.id, s.board.id ?? s.board.name, s.status.id, s.priority.id])).toEqual(
      [
        [`Backup Failure: ${a}`, 250, 1, 11, 2],
        [`Backup Failure: ${b}`, 251, 1, 11, 2],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const held = cwTicket(`Backup Failure: ${a}`)!;
    expect(held.status.name).toBe('New');
    expect(held.company.id).toBe(250);

    const mine = (await ticketsOf(t, homeId)).find((x) => x.backups[0] === ids[a])!;
    expect(mine.state).toBe('Open');
    expect(mine.external_id).toBe(String(held.id));

    // The backup succeeds: the ticket is closed with the close note and the closed status.
    await addResults(t, homeId, { [a]: [[0, 'Success']] });
    expect((await evaluateTenant(t.deps, homeId)).closed).toBe(1);
    expect(await deliverDue(t.deps)).toBe(1);
    expect(held.closedFlag).toBe(true);
    expect(held.status.id).toBe(14);
    expect(held.notes.map((n) => n.text)).toContain('Resolved: backups succeeded.');
    // Delivered once: another pass sends nothing.
    const count = cw.requests.length;
    expect(await deliverDue(t.deps, { now: later(7200) })).toBe(0);
    expect(cw.requests.length).toBe(count);
  });

  it('sends each ticket once when several workers deliver at the same time', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const { a, b } = await psaSetup();
    await evaluateTenant(t.deps, homeId);
    const before = cw.requests.length;
    // Three workers race for the same two queued creates (on PostgreSQL: three connections).
    const done = await Promise.all([deliverDue(t.deps), deliverDue(t.deps), deliverDue(t.deps)]);
    expect(done.reduce((x, y) => x + y, 0)).toBe(2);
    const creates = cw.requests.slice(before).filter((r) => r.method === 'POST' && r.path.endsWith('/service/tickets'));
    expect(creates.map((r) => (r.body as { summary: string }).summary).sort()).toEqual(
      [`Backup Failure: ${a}`, `Backup Failure: ${b}`].sort(),
    );
    expect(cw.state.tickets.filter((x) => x.summary.endsWith(a) || x.summary.endsWith(b))).toHaveLength(2);
    expect((await ticketsOf(t, homeId)).map((x) => x.state)).toEqual(['Open', 'Open']);
  });

  it('backs off on 429 (honouring Retry-After) and succeeds later', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const { a } = await psaSetup();
    await t.database.query('DELETE FROM ticket_rules WHERE tenant_id = $1', [homeId]);
    const [profileId] = (
      await t.database.query<{ id: number }>('SELECT id FROM ticket_profiles WHERE tenant_id = $1', [homeId])
    ).rows.map((r) => r.id);
    const acme = (
      await t.database.query<{ id: number }>("SELECT id FROM companies WHERE tenant_id = $1 AND psa_id = '250'", [
        homeId,
      ])
    ).rows[0].id;
    await makeRule(t, homeId, { profileId, companyIds: [acme] });
    await evaluateTenant(t.deps, homeId);
    const [ticket] = await ticketsOf(t, homeId);

    // More 429s than the client's own retries: the outbox takes over.
    cw.failNext(
      `${cw.apiPath}/service/tickets`,
      {
        status: 429,
        headers: { 'Retry-After': '0' },
        body: { code: 'TooManyRequests', message: 'Rate limit exceeded' },
      },
      4,
    );
    expect(await deliverDue(t.deps)).toBe(0);
    let [row] = await outboxOf(t, ticket.id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row.last_error).toMatch(/Rate limit exceeded/);
    expect(new Date(row.next_attempt_at).getTime() - Date.now()).toBeLessThan(5_000);
    expect(cwTicket(`Backup Failure: ${a}`)).toBeUndefined();

    expect(await deliverDue(t.deps, { now: later(2) })).toBe(1);
    [row] = await outboxOf(t, ticket.id);
    expect(row).toMatchObject({ state: 'done', attempts: 2 });
    expect(cwTicket(`Backup Failure: ${a}`)).toBeDefined();
    expect((await ticketsOf(t, homeId))[0].state).toBe('Open');
  });

  it('fails at once on a refusal the PSA will repeat, marking the ticket Failed with the reason', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    await psaSetup();
    await evaluateTenant(t.deps, homeId);
    cw.failNext(
      `${cw.apiPath}/service/tickets`,
      { status: 400, body: { code: 'InvalidObject', message: 'Board is closed for new tickets' } },
      2,
    );
    await deliverDue(t.deps);
    const list = await ticketsOf(t, homeId);
    expect(list.map((x) => [x.state, x.last_error])).toEqual([
      ['Failed', 'Board is closed for new tickets'],
      ['Failed', 'Board is closed for new tickets'],
    ]);
    expect((await outboxOf(t, list[0].id)).map((o) => [o.state, o.attempts])).toEqual([['failed', 1]]);
  });

  it('treats a ticket the technician closed (or set to an ignored status) as closed and opens a new one', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const { a, ids } = await psaSetup();
    await evaluateTenant(t.deps, homeId);
    await deliverDue(t.deps);
    const held = cwTicket(`Backup Failure: ${a}`)!;
    // Waiting on Client (13) is one of the profile's ignored statuses.
    held.status = { id: 13, name: 'Waiting on Client' };
    await addResults(t, homeId, { [a]: [[0, 'Failed']] });
    const r = await evaluateTenant(t.deps, homeId);
    expect(r).toMatchObject({ opened: 1, closed: 1 });
    const mine = (await ticketsOf(t, homeId)).filter((x) => x.backups.includes(ids[a]) || x.state === 'Closed');
    expect(mine.map((x) => x.state)).toEqual(['Closed', 'Pending']);
  });

  it('ends tickets of removed backups: Unlink in Vigil only, Close in the PSA too', async () => {
    await t.database.query('DELETE FROM companies WHERE tenant_id = $1 AND psa_id IS NOT NULL', [homeId]);
    const { a, b, ids } = await psaSetup();
    await evaluateTenant(t.deps, homeId);
    await deliverDue(t.deps);
    const [ta, tb] = [cwTicket(`Backup Failure: ${a}`)!, cwTicket(`Backup Failure: ${b}`)!];

    await endTicketsForBackups(t.deps, homeId, [ids[a]], false, null);
    await endTicketsForBackups(t.deps, homeId, [ids[b]], true, null);
    const byBackup = async (id: number) =>
      (
        await t.database.query<{ state: string }>(
          'SELECT t.state FROM tickets t JOIN ticket_backups tb ON tb.ticket_id = t.id WHERE tb.backup_id = $1',
          [id],
        )
      ).rows.map((r) => r.state);
    expect(await byBackup(ids[a])).toEqual(['Unlinked']);
    expect(await byBackup(ids[b])).toEqual(['Closed']);
    expect(await deliverDue(t.deps)).toBe(1);
    expect(ta.closedFlag).toBe(false);
    expect(tb.closedFlag).toBe(true);
    expect(tb.status.id).toBe(14);
    expect(tb.notes.map((n) => n.text)).toContain('The backup was removed from monitoring.');
  });
});
