// What `npm test` needs from the machine besides npm's packages: Chromium for the journeys,
// poppler's pdftoppm for the report tests, dovecot for the IMAP tests, and a PostgreSQL server
// for the PostgreSQL suite. As root, the missing ones are installed from Debian's packages in
// one apt run, which goes on beside npm's install and the first suites; the suites that need
// them wait for it. Without root, a missing one stops the run at once with what to install.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fail, log, root, run } from './lib.mjs';

const isRoot = process.getuid?.() === 0;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DOVECOT = '/usr/sbin/dovecot';
const DOVECOT_IMAP = '/usr/lib/dovecot/imap';
const PDFTOPPM = '/usr/bin/pdftoppm';
const PG_CLUSTER = 'vigiltest';
const PG_PORT = Number(process.env.VIGIL_TEST_PG_PORT ?? 5433);

/** Runs a command and resolves with its exit status and standard output. */
function capture(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.on('error', () => resolve({ status: 1, stdout }));
    child.on('close', (code) => resolve({ status: code ?? 1, stdout }));
  });
}

/** Each need: whether it is there, the Debian package that brings it, and what to say when it is not. */
const NEEDS = {
  chromium: {
    present: () => existsSync(CHROMIUM),
    pkg: 'chromium',
    missing: `Chromium is missing at ${CHROMIUM}: install Debian's "chromium" package (as root: apt-get install -y chromium) or set CHROMIUM_PATH`,
  },
  pdftoppm: {
    present: () => existsSync(PDFTOPPM),
    pkg: 'poppler-utils',
    missing: `pdftoppm is missing at ${PDFTOPPM}: the report tests need Debian's "poppler-utils" package (as root: apt-get install -y poppler-utils)`,
  },
  dovecot: {
    present: () => existsSync(DOVECOT) && existsSync(DOVECOT_IMAP),
    pkg: 'dovecot-imapd',
    missing: `dovecot is missing (${DOVECOT} and ${DOVECOT_IMAP}): the IMAP tests need Debian's "dovecot-imapd" package (as root: apt-get install -y dovecot-imapd)`,
  },
  postgres: {
    present: () => !!process.env.TEST_DATABASE_URL || (isRoot && existsSync('/usr/lib/postgresql')),
    pkg: 'postgresql',
    missing:
      'the PostgreSQL suite needs TEST_DATABASE_URL (a server URL whose user may create databases), or run as root to create a throw-away cluster',
  },
};

/**
 * Starts getting what the named needs lack; resolves with the PostgreSQL URL (null when not
 * asked for) once all are there. Fails the run when something cannot be had.
 */
export function prepareSystem(needs) {
  const absent = needs.filter((n) => !NEEDS[n].present());
  if (absent.length && !isRoot) fail(NEEDS[absent[0]].missing);
  return (async () => {
    if (absent.length) {
      const pkgs = absent.map((n) => NEEDS[n].pkg);
      log(`installing ${pkgs.join(', ')} from Debian's packages…`);
      const env = { DEBIAN_FRONTEND: 'noninteractive' };
      const ok =
        (await run('apt-get', ['update', '-qq'], { prefix: '[apt]', env })) === 0 &&
        (await run('apt-get', ['install', '-y', '-qq', ...pkgs], { prefix: '[apt]', env })) === 0;
      const still = needs.find((n) => !NEEDS[n].present());
      if (!ok || still) fail(still ? NEEDS[still].missing : `apt-get could not install ${pkgs.join(', ')}`);
    }
    return needs.includes('postgres') ? postgresUrl() : null;
  })();
}

/** TEST_DATABASE_URL, or the throw-away cluster (created and started as needed). */
async function postgresUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  if (!versions.length) fail(NEEDS.postgres.missing);
  const version = versions.sort((a, b) => Number(b) - Number(a))[0];
  const clusterLine = async () =>
    (await capture('pg_lsclusters', ['--no-header'])).stdout.split('\n').find((l) => l.split(/\s+/)[1] === PG_CLUSTER);
  const line = await clusterLine();
  if (!line) {
    log(`creating a throw-away PostgreSQL ${version} cluster on port ${PG_PORT}…`);
    const args = [
      version,
      PG_CLUSTER,
      '--port',
      String(PG_PORT),
      '--start',
      '--',
      '--auth-local=trust',
      '--auth-host=trust',
    ];
    if ((await run('pg_createcluster', args, { prefix: '[postgres]' })) !== 0) fail('pg_createcluster failed');
  } else if (!line.includes('online')) {
    const v = line.split(/\s+/)[0];
    const code = await run('pg_ctlcluster', ['--skip-systemctl-redirect', v, PG_CLUSTER, 'start'], {
      prefix: '[postgres]',
    });
    if (code !== 0) fail('the PostgreSQL test cluster would not start');
  }
  const port = ((await clusterLine()) ?? '').split(/\s+/)[2] ?? PG_PORT;
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}
