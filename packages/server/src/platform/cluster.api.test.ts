import { describe, expect, inject, it } from 'vitest';
import { runCluster } from '../../test/cluster.ts';

/**
 * Two nodes each of --role=api, --role=ingest and --role=worker on one PostgreSQL database,
 * 1,500 e-mails over SMTP to both ingest nodes while one node of each role is killed with SIGKILL
 * and started again (`npm run bench -- cluster` runs the same with 10,000). PostgreSQL only: a
 * cluster of processes cannot share an embedded PGlite. A node that cannot start fails the test.
 */
const testDb = inject('testDb');

// vitest.config.ts leaves this file out of the PGlite run; run on PGlite by hand, it fails.
describe('a cluster of api, ingest and worker nodes on PostgreSQL', () => {
  it('stores and files every e-mail answered 250 once, runs each scheduled job once, and answers from either api node', async () => {
    expect(testDb.kind, 'the cluster proof needs PostgreSQL (VIGIL_TEST_DB=postgres)').toBe('postgres');
    const report = await runCluster({ adminUrl: testDb.adminUrl, emails: 1500, log: () => undefined });
    expect(report.failures).toEqual([]);
    expect(report.answered250).toBeGreaterThan(1400);
    expect(report.storedOfAnswered).toBe(report.answered250);
    expect(report.missing).toBe(0);
    expect(report.storedTwice).toBe(0);
    expect(report.unfiled).toBe(0);
    expect(report.filedWrong).toBe(0);
    expect(report.results).toBe(report.expectedResults);
    expect(report.duplicateScheduledJobs).toEqual([]);
    expect(report.scheduledJobsSeen['scheduled-reports']).toBeGreaterThan(0);
    expect(report.scheduledReport).toEqual({ runs: 1, sent: 1, mails: 1 });
    expect(report.unanswered).toBe(0);
    expect(report.restarts.map((r) => r.role).sort()).toEqual(['api', 'ingest', 'worker']);
    expect(report.apiCrossNode).toHaveLength(4);
    expect(report.apiCrossNode.every((c) => c.status === 200)).toBe(true);
    // Both ingest nodes (one of them killed and started again) report an empty spool.
    expect(report.intakeNodes).toHaveLength(2);
    expect(report.intakeNodes.every((n) => n.spooled === 0 && n.fresh)).toBe(true);
  }, 420_000);
});
