import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../test/harness.ts';
import { queueTicketEvaluation, ticketingEvaluateJob, ticketingJobs } from '../../../jobs/ticketing.ts';
import { Jobs } from '../../../platform/jobs.ts';
import { homeTenantId, setTimeZone } from '../../audit/test-data.ts';
import { addResults, company, makeBackups, makeProfile, makeRule, ticketsOf } from './test-setup.ts';

/**
 * The queue path as the app wires it: a day-status change (the rollup's callback) queues the
 * tenant's evaluation, which wakes delivery; the ticket reaches its target within seconds.
 */
let t: TestApp;
let jobs: Jobs;
let server: Server;
let homeId: number;
const events: { event: string; at: number }[] = [];

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      events.push({ event: String(req.headers['x-vigil-event']), at: Date.now() });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jobs = new Jobs(t.database, t.databaseUrl);
  // What app.ts does when it has a job queue.
  t.deps.jobs = jobs;
  t.deps.rollup.onRolled = (tenantIds) => queueTicketEvaluation(jobs, tenantIds);
  await jobs.start(ticketingJobs(t.deps));
});
afterAll(async () => {
  t.deps.rollup.onRolled = null;
  await jobs?.stop();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await t?.close();
});

it('opens and delivers a ticket within seconds of a failing result, and closes it after a success', async () => {
  const ids = await makeBackups(t, homeId, { 'queue-srv': [[1, 'Success']] });
  const co = await company(t, homeId, 'Queue Co', [ids['queue-srv']]);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const profileId = await makeProfile(t, homeId, {
    type: 3,
    groupBy: 0,
    settings: { WebhookUrl: url },
    webhookSecret: t.deps.secrets.seal('queue-secret', `webhook:${homeId}`),
  });
  await makeRule(t, homeId, { profileId, companyIds: [co], statuses: [3] });

  const waitFor = async (event: string) => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const hit = events.find((e) => e.event === event);
      if (hit) return hit.at;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${event} within 15 s`);
  };

  const failedAt = Date.now();
  await addResults(t, homeId, { 'queue-srv': [[0, 'Failed', 1]] });
  const openedAt = await waitFor('ticket.opened');
  expect(openedAt - failedAt).toBeLessThan(10_000);
  // The webhook hears of the ticket before the delivery's own write commits: wait for that too.
  await expect
    .poll(async () => (await ticketsOf(t, homeId)).map((x) => x.state), { timeout: 5_000, interval: 100 })
    .toEqual(['Open']);

  const succeededAt = Date.now();
  await addResults(t, homeId, { 'queue-srv': [[0, 'Success', 30]] });
  const closedAt = await waitFor('ticket.closed');
  expect(closedAt - succeededAt).toBeLessThan(10_000);
  await expect
    .poll(async () => (await ticketsOf(t, homeId)).map((x) => x.state), { timeout: 5_000, interval: 100 })
    .toEqual(['Closed']);
});

it('raises no ticket while the tenant is disabled, and catches up once it is enabled again', async () => {
  const ids = await makeBackups(t, homeId, { 'paused-srv': [[1, 'Success']] });
  const co = await company(t, homeId, 'Paused Co', [ids['paused-srv']]);
  const profileId = await makeProfile(t, homeId, {
    type: 3,
    groupBy: 0,
    settings: { WebhookUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` },
    webhookSecret: t.deps.secrets.seal('paused-secret', `webhook:${homeId}`),
  });
  await makeRule(t, homeId, { profileId, companyIds: [co], statuses: [3] });
  const evaluate = ticketingEvaluateJob(t.deps).handler!;
  const pausedTickets = async () =>
    (await ticketsOf(t, homeId)).filter((x) => x.backups.includes(ids['paused-srv'])).map((x) => x.state);

  await t.database.query('UPDATE tenants SET is_enabled = false WHERE id = $1', [homeId]);
  try {
    await addResults(t, homeId, { 'paused-srv': [[0, 'Failed', 1]] });
    await evaluate({ tenantId: homeId });
    await evaluate(null);
    expect(await pausedTickets()).toEqual([]);
  } finally {
    await t.database.query('UPDATE tenants SET is_enabled = true WHERE id = $1', [homeId]);
  }
  await evaluate(null);
  // Raised now, then sent by the delivery worker.
  const after = await pausedTickets();
  expect(after).toHaveLength(1);
  expect(['Pending', 'Open']).toContain(after[0]);
});
