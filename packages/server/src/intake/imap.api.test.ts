import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/harness.ts';
import { fixture } from '../../test/fixtures.ts';
import { startDovecot, type Dovecot } from '../../test/dovecot.ts';
import { Jobs } from '../platform/jobs.ts';
import { pollMailboxesJob } from '../jobs/imap.ts';
import { pollAllMailboxes, type PollOptions } from './imap.ts';
import { scanHeaders } from './service.ts';

// A real dovecot on loopback; the app's size limit is small so the size guard can be shown.
const MAX_BYTES = 200_000;
let t: TestApp;
let dove: Dovecot;
let acmeId: number;
let noDovecot: unknown;

beforeAll(async () => {
  // Without dovecot every test fails with the reason (a failing beforeAll would report them skipped).
  try {
    dove = await startDovecot({ users: ['backups', 'reports', 'quiet', 'archive', 'bulk', 'big', 'flaky', 'late'] });
  } catch (err) {
    noDovecot = err;
    return;
  }
  t = await testApp({ SMTP_MAX_BYTES: String(MAX_BYTES) });
  const tenants = (await (await t.as('root'))('GET', '/api/admin/tenants')).body;
  acmeId = tenants.find((x: { Name: string }) => x.Name === 'Acme MSP').Id;
});
beforeEach(() => {
  if (noDovecot) throw noDovecot;
});
afterAll(async () => {
  await dove?.stop();
  await t?.close();
});

/** A fixture e-mail with CRLF line ends, as IMAP carries it. */
const eml = (vendor: string, name: string) =>
  Buffer.from(readFileSync(fixture(vendor, `${name}.eml`), 'latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
const expected = (vendor: string, name: string) =>
  (
    JSON.parse(readFileSync(fixture(vendor, `${name}.json`), 'utf8')) as {
      vendor: string;
      deviceName: string;
      jobName: string;
      status: string;
    }[]
  ).map((r) => [r.vendor, r.deviceName, r.jobName, r.status]);

let counter = 0;
const plain = (subject: string, body = 'hello') =>
  [
    'From: Backup Robot <robot@acme-client.test>',
    'To: backups@acme.test',
    `Subject: ${subject}`,
    `Message-ID: <imap-${++counter}-${Date.now()}@acme-client.test>`,
    'Date: Sun, 22 Nov 2026 06:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');

/** Every due mailbox now (the job's interval would skip those polled a moment ago). */
const poll = (options: PollOptions = {}) => pollAllMailboxes(t.deps, { intervalSeconds: 0, ...options });
const outcomeOf = (outcomes: Awaited<ReturnType<typeof poll>>, id: number) => outcomes.find((o) => o.mailboxId === id);

async function addMailbox(user: string, extra: Record<string, unknown> = {}): Promise<number> {
  const root = await t.as('root');
  const made = await root('POST', '/api/admin/tenants/mailbox', {
    tenantId: acmeId,
    Email: `${user}@acme.test`,
    Host: dove.host,
    Port: dove.port,
    Secure: false,
    UserName: user,
    Password: dove.users[user] ?? 'not-the-password',
    ...extra,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.Id;
}

async function emails(search?: string) {
  const admin = await t.as('admin');
  const r = await admin(
    'GET',
    `/api/tenant/processed-emails?Size=200${search ? `&search=${encodeURIComponent(search)}` : ''}`,
  );
  expect(r.status).toBe(200);
  return r.body as { Total: number; Results: Record<string, any>[] };
}

/** The mailbox as the tenant sees it. */
async function tenantMailbox(id: number) {
  const r = await (await t.as('admin'))('GET', '/api/tenant/mailboxes');
  expect(r.status).toBe(200);
  return r.body.Mailboxes.find((m: { Id: number }) => m.Id === id);
}

async function storedFrom(mailboxId: number): Promise<number> {
  const r = await t.database.query<{ n: string }>('SELECT count(*) AS n FROM emails WHERE mailbox_id = $1', [
    mailboxId,
  ]);
  return Number(r.rows[0].n);
}

/** The IMAP flags of every message in a user's folder, by UID. */
async function flags(user: string, folder = 'INBOX'): Promise<Map<number, string[]>> {
  const c = await dove.client(user);
  try {
    await c.mailboxOpen(folder);
    const all = await c.fetchAll('1:*', { uid: true, flags: true }, { uid: true });
    return new Map(all.map((m) => [m.uid, [...(m.flags ?? [])]]));
  } finally {
    await c.logout();
  }
}

const FIRST = [
  ['veeam-br', 'backup-job-success'],
  ['acronis', 'backup-failed'],
  ['datto-bcdr', 'backup-failure'],
  ['synology-hyper-backup', 'remote-nas-failed'],
] as const;
let backupsBox: number;

describe('the IMAP door', () => {
  it('pulls vendor e-mails from a tenant mailbox into the pipeline, parsed and marked \\Seen', async () => {
    for (const [vendor, name] of FIRST) await dove.append(eml(vendor, name), { user: 'backups' });
    backupsBox = await addMailbox('backups');
    const before = await tenantMailbox(backupsBox);
    expect(before).toMatchObject({ LastPolledAt: null, LastError: null, EmailsFetched: 0 });

    const outcome = outcomeOf(await poll(), backupsBox);
    expect(outcome).toMatchObject({ fetched: 4, duplicates: 0, skipped: 0, remaining: 0, error: null });

    for (const [vendor, name] of FIRST) {
      const raw = eml(vendor, name);
      const list = await emails(scanHeaders(raw).messageId);
      expect(list.Total, name).toBe(1);
      const e = list.Results[0];
      expect(e, name).toMatchObject({
        Source: 'imap',
        Vendor: vendor,
        Reason: null,
        To: 'backups@acme.test',
        From: scanHeaders(raw).from,
        Size: raw.length,
      });
      expect(['Processed', 'Inactive']).toContain(e.State);
      expect(
        e.Results.map((r: { DeviceName: string; JobName: string; Status: string }) => [
          vendor,
          r.DeviceName,
          r.JobName,
          r.Status,
        ]),
        name,
      ).toEqual(expected(vendor, name));
    }
    // The envelope sender is the message's From.
    const senders = await t.database.query<{ envelope_from: string }>(
      'SELECT envelope_from FROM emails WHERE mailbox_id = $1 ORDER BY id',
      [backupsBox],
    );
    expect(senders.rows.map((r) => r.envelope_from)).toEqual(FIRST.map(([v, n]) => scanHeaders(eml(v, n)).from));

    const after = await tenantMailbox(backupsBox);
    expect(after).toMatchObject({ LastError: null, EmailsFetched: 4 });
    expect(Date.now() - Date.parse(after.LastPolledAt)).toBeLessThan(60_000);
    expect([...(await flags('backups')).values()].every((f) => f.includes('\\Seen'))).toBe(true);
  });

  it('stores nothing twice: a second poll takes nothing, and a re-read after a crash is deduplicated', async () => {
    const total = (await emails()).Total;
    expect(outcomeOf(await poll(), backupsBox)).toMatchObject({ fetched: 0, duplicates: 0, error: null });
    expect((await emails()).Total).toBe(total);

    // As if the process died after storing the e-mails but before moving last_uid.
    await t.database.query('UPDATE mailboxes SET last_uid = 0 WHERE id = $1', [backupsBox]);
    expect(outcomeOf(await poll(), backupsBox)).toMatchObject({ fetched: 0, duplicates: 4, error: null });
    expect((await emails()).Total).toBe(total);
    expect(await storedFrom(backupsBox)).toBe(4);
    expect((await tenantMailbox(backupsBox)).EmailsFetched).toBe(4);
  });

  it('takes only the message that arrived since the last poll', async () => {
    const raw = eml('cove', 'workstation-completed');
    await dove.append(raw, { user: 'backups' });
    expect(outcomeOf(await poll(), backupsBox)).toMatchObject({ fetched: 1, duplicates: 0 });
    const list = await emails(scanHeaders(raw).messageId);
    expect(list.Results[0]).toMatchObject({ Source: 'imap', Vendor: 'cove' });
    expect(list.Results[0].Results.map((r: { Status: string }) => r.Status)).toEqual(
      expected('cove', 'workstation-completed').map((r) => r[3]),
    );
    expect(await storedFrom(backupsBox)).toBe(5);
    expect((await tenantMailbox(backupsBox)).EmailsFetched).toBe(5);
  });

  it('records a wrong password, a refused connection and a missing folder, and keeps polling the others', async () => {
    const wrong = await addMailbox('reports', { Password: 'wrong-password' });
    const refused = await addMailbox('nobody-home', { Port: 1 });
    const noFolder = await addMailbox('late', { Email: 'late-folder@acme.test', Folder: 'Nope' });
    await dove.append(plain('Arrived while another mailbox was failing'), { user: 'backups' });

    const outcomes = await poll();
    expect(outcomeOf(outcomes, backupsBox)).toMatchObject({ fetched: 1, error: null });
    expect(outcomeOf(outcomes, wrong)?.error).toMatch(/^Authentication failed for reports/);
    expect((await emails('Arrived while another mailbox was failing')).Total).toBe(1);

    const seen = await tenantMailbox(wrong);
    expect(seen.LastError).toMatch(/^Authentication failed for reports: check the user name and password/);
    expect(seen.LastPolledAt).not.toBeNull();
    expect(seen.EmailsFetched).toBe(0);
    expect((await tenantMailbox(refused)).LastError).toBe('Connection refused by 127.0.0.1:1');
    expect((await tenantMailbox(noFolder)).LastError).toBe('Folder "Nope" does not exist in this mailbox');
    expect((await tenantMailbox(backupsBox)).LastError).toBeNull();

    // The platform admin sees the same errors.
    const all = (await (await t.as('root'))('GET', '/api/Message/GetMailBoxConfiguration')).body;
    expect(all.find((m: { Id: number }) => m.Id === wrong).LastError).toMatch(/^Authentication failed/);

    // Once the mailbox works again, the error is cleared.
    await t.database.query('UPDATE mailboxes SET password = $2 WHERE id = $1', [wrong, dove.users.reports]);
    expect(outcomeOf(await poll(), wrong)).toMatchObject({ fetched: 0, error: null });
    expect((await tenantMailbox(wrong)).LastError).toBeNull();
    for (const id of [refused, noFolder]) await t.database.query('DELETE FROM mailboxes WHERE id = $1', [id]);
  });

  it('does not poll a disabled mailbox', async () => {
    await dove.append(plain('Waiting in a disabled mailbox'), { user: 'quiet' });
    const quiet = await addMailbox('quiet');
    const toggled = await (await t.as('root'))('POST', `/api/Message/ToggleEnableMailBox/${quiet}`);
    expect(toggled.body.IsEnabled).toBe(false);

    expect(outcomeOf(await poll(), quiet)).toBeUndefined();
    expect(await tenantMailbox(quiet)).toMatchObject({ IsEnabled: false, LastPolledAt: null, EmailsFetched: 0 });
    expect((await emails('Waiting in a disabled mailbox')).Total).toBe(0);
    expect([...(await flags('quiet')).values()][0]).not.toContain('\\Seen');

    await (
      await t.as('root')
    )('POST', `/api/Message/ToggleEnableMailBox/${quiet}`);
    expect(outcomeOf(await poll(), quiet)).toMatchObject({ fetched: 1 });
    expect((await emails('Waiting in a disabled mailbox')).Total).toBe(1);
  });

  it('reads a folder again when its UIDVALIDITY changes, storing only what is new', async () => {
    const a = plain('Archive one');
    const b = plain('Archive two');
    await dove.append(a, { user: 'archive', folder: 'Backups' });
    await dove.append(b, { user: 'archive', folder: 'Backups' });
    const box = await addMailbox('archive', { Folder: 'Backups' });
    expect(outcomeOf(await poll(), box)).toMatchObject({ fetched: 2 });
    const validity = async () =>
      (
        await t.database.query<{ v: string; last: string }>(
          'SELECT uid_validity AS v, last_uid AS last FROM mailboxes WHERE id = $1',
          [box],
        )
      ).rows[0];
    const first = await validity();
    expect(Number(first.last)).toBe(2);

    // The folder is recreated: new UIDVALIDITY, UIDs start again at 1.
    const c = await dove.client('archive');
    await c.mailboxDelete('Backups');
    await c.mailboxCreate('Backups');
    await c.logout();
    await dove.append(a, { user: 'archive', folder: 'Backups' });
    await dove.append(b, { user: 'archive', folder: 'Backups' });
    await dove.append(plain('Archive three'), { user: 'archive', folder: 'Backups' });

    expect(outcomeOf(await poll(), box)).toMatchObject({ fetched: 1, duplicates: 2, error: null });
    const second = await validity();
    expect(second.v).not.toBe(first.v);
    expect(Number(second.last)).toBe(3);
    expect((await emails('Archive')).Total).toBe(3);
    expect(await storedFrom(box)).toBe(3);
  });

  it('moves last_uid only once the e-mail is stored, so a failed store is read again', async () => {
    await dove.append(plain('Stored on the second try'), { user: 'flaky' });
    const box = await addMailbox('flaky');
    const failing = {
      ...t.deps,
      ingest: {
        accept: async () => {
          throw new Error('the blob store is full');
        },
      } as unknown as typeof t.deps.ingest,
    };
    const outcome = outcomeOf(await pollAllMailboxes(failing, { intervalSeconds: 0 }), box);
    expect(outcome).toMatchObject({ fetched: 0, error: 'Could not store an e-mail: the blob store is full' });
    expect((await tenantMailbox(box)).LastError).toBe('Could not store an e-mail: the blob store is full');
    const row = await t.database.query<{ last_uid: string }>('SELECT last_uid FROM mailboxes WHERE id = $1', [box]);
    expect(Number(row.rows[0].last_uid)).toBe(0);
    expect([...(await flags('flaky')).values()][0]).not.toContain('\\Seen');

    expect(outcomeOf(await poll(), box)).toMatchObject({ fetched: 1, error: null });
    expect((await emails('Stored on the second try')).Total).toBe(1);
    expect([...(await flags('flaky')).values()][0]).toContain('\\Seen');
  });

  it('takes at most the per-poll cap, oldest first, and the rest on the next polls', async () => {
    for (let i = 1; i <= 5; i++) await dove.append(plain(`Bulk ${i}`), { user: 'bulk' });
    const box = await addMailbox('bulk');
    expect(outcomeOf(await poll({ maxMessages: 2 }), box)).toMatchObject({ fetched: 2, remaining: 3 });
    const subjects = async () =>
      (
        await t.database.query<{ subject: string }>('SELECT subject FROM emails WHERE mailbox_id = $1 ORDER BY id', [
          box,
        ])
      ).rows.map((r) => r.subject);
    expect(await subjects()).toEqual(['Bulk 1', 'Bulk 2']);
    expect(outcomeOf(await poll({ maxMessages: 2 }), box)).toMatchObject({ fetched: 2, remaining: 1 });
    expect(outcomeOf(await poll({ maxMessages: 2 }), box)).toMatchObject({ fetched: 1, remaining: 0 });
    expect(await subjects()).toEqual(['Bulk 1', 'Bulk 2', 'Bulk 3', 'Bulk 4', 'Bulk 5']);
  });

  it('skips a message over SMTP_MAX_BYTES with a recorded reason, once, and takes the rest', async () => {
    await dove.append(plain('Far too big', 'x'.repeat(76).concat('\r\n').repeat(4000)), { user: 'big' });
    await dove.append(plain('Small after big'), { user: 'big' });
    const box = await addMailbox('big');
    expect(outcomeOf(await poll(), box)).toMatchObject({ fetched: 1, skipped: 1, error: null });
    expect((await emails('Far too big')).Total).toBe(0);
    expect((await emails('Small after big')).Total).toBe(1);
    const note = (await tenantMailbox(box)).LastError;
    expect(note).toMatch(
      /^Skipped 1 message over the 0\.2 MB limit, left in the mailbox: UID 1 "Far too big" \(0\.3 MB\)$/,
    );

    // Not downloaded again; the note stays until new e-mail comes in.
    expect(outcomeOf(await poll(), box)).toMatchObject({ fetched: 0, skipped: 0 });
    expect((await tenantMailbox(box)).LastError).toBe(note);
    const f = await flags('big');
    expect(f.get(1)).not.toContain('\\Seen');
    expect(f.get(2)).toContain('\\Seen');
    await dove.append(plain('Next small one'), { user: 'big' });
    expect(outcomeOf(await poll(), box)).toMatchObject({ fetched: 1, skipped: 0 });
    expect((await tenantMailbox(box)).LastError).toBeNull();
  });

  it('refuses a self-signed certificate unless IMAP_ALLOW_SELF_SIGNED is set', async () => {
    const tls = await startDovecot({ tls: true, users: ['secure'] });
    try {
      await tls.append(plain('Over TLS'));
      const box = await addMailbox('secure', { Port: tls.port, Secure: true, Password: tls.password });
      const refused = outcomeOf(await poll(), box);
      expect(refused?.error).toMatch(
        /^The TLS certificate of 127\.0\.0\.1:\d+ is not trusted \(self-signed certificate\)/,
      );
      expect((await tenantMailbox(box)).LastError).toBe(refused?.error);

      const allowing = { ...t.deps, config: { ...t.deps.config, IMAP_ALLOW_SELF_SIGNED: true } };
      expect(outcomeOf(await pollAllMailboxes(allowing, { intervalSeconds: 0 }), box)).toMatchObject({
        fetched: 1,
        error: null,
      });
      expect((await emails('Over TLS')).Results[0]).toMatchObject({ Source: 'imap' });
      expect((await tenantMailbox(box)).LastError).toBeNull();
      await t.database.query('DELETE FROM mailboxes WHERE id = $1', [box]);
    } finally {
      await tls.stop();
    }
  });

  it('runs as a pg-boss job that polls the mailboxes that are due', async () => {
    await poll(); // every mailbox was polled just now, so none of them is due for the job
    const polledAt = async (id: number) => (await tenantMailbox(id)).LastPolledAt;
    const recent = await polledAt(backupsBox);
    await dove.append(plain('Fetched by the job'), { user: 'late' });
    const box = await addMailbox('late');

    const jobs = new Jobs(t.database, t.databaseUrl);
    await jobs.start([pollMailboxesJob(t.deps)]);
    try {
      expect(await jobs.send('poll-imap-mailboxes')).toBeTruthy();
      await expect
        .poll(async () => (await tenantMailbox(box)).EmailsFetched, { timeout: 20_000, interval: 250 })
        .toBe(1);
    } finally {
      await jobs.stop();
    }
    expect((await emails('Fetched by the job')).Results[0]).toMatchObject({ Source: 'imap' });
    expect(await polledAt(backupsBox)).toBe(recent);
  });
});
