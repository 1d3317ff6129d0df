import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export const DOVECOT = '/usr/sbin/dovecot';
const DOVECOT_IMAP = '/usr/lib/dovecot/imap';
const MISSING = 'dovecot is missing: apt-get install dovecot-imapd';

export interface DovecotOptions {
  /** Mail users to create (a random password each); the first is `user`. Default: ["vigil"]. */
  users?: string[];
  /** Serve IMAP over implicit TLS with a fresh self-signed certificate instead of plain text. */
  tls?: boolean;
}

export interface Dovecot {
  host: string;
  /** The IMAP port: plain text, or implicit TLS when started with `tls`. */
  port: number;
  /** True when started with `tls` (the port speaks TLS from the first byte). */
  secure: boolean;
  user: string;
  password: string;
  /** Every user and its password. */
  users: Record<string, string>;
  dir: string;
  /** An imapflow client signed in as a user (the first by default); log it out when done. */
  client(user?: string): Promise<ImapFlow>;
  /** Appends a raw message to a user's folder (created when missing); resolves with its UID. */
  append(raw: string | Buffer, opts?: { user?: string; folder?: string; flags?: string[] }): Promise<number>;
  /** What dovecot logged so far. */
  log(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function account(name: string): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function groupName(gid: number): string | null {
  const line = readFileSync('/etc/group', 'utf8')
    .split('\n')
    .find((l) => l.split(':')[2] === String(gid));
  return line ? line.split(':')[0] : null;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A real dovecot 2.3 on loopback for one test file: a minimal configuration in a fresh temp
 * dir (passwd-file users, maildir, base and state dirs all inside it), started in the foreground
 * as a child process. Plain-text login is allowed without TLS. As a normal user every dovecot
 * process runs as that user; as root (which dovecot refuses for login and mail processes) it
 * uses the "dovenull" and "dovecot" accounts that the Debian package creates.
 *
 * Throws — so the tests fail, never skip — when dovecot is not installed.
 */
export async function startDovecot(options: DovecotOptions = {}): Promise<Dovecot> {
  if (!existsSync(DOVECOT) || !existsSync(DOVECOT_IMAP)) throw new Error(MISSING);
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(options);
    } catch (err) {
      // Another process may have taken the free port between probing and binding: try again.
      lastError = err;
    }
  }
  throw lastError;
}

async function startOnce(options: DovecotOptions): Promise<Dovecot> {
  const names = options.users?.length ? options.users : ['vigil'];
  const users = Object.fromEntries(names.map((u) => [u, randomBytes(9).toString('base64url')]));
  const isRoot = process.getuid?.() === 0;
  let internal: string;
  let internalGroup: string;
  let login: string;
  let mailUser: { uid: number; gid: number };
  if (isRoot) {
    const dovecot = account('dovecot');
    if (!dovecot || !account('dovenull'))
      throw new Error(`${MISSING} (the "dovecot" and "dovenull" accounts it creates are missing)`);
    internal = internalGroup = 'dovecot';
    login = 'dovenull';
    mailUser = dovecot;
  } else {
    internal = login = os.userInfo().username;
    mailUser = { uid: process.getuid!(), gid: process.getgid!() };
    internalGroup = groupName(mailUser.gid) ?? internal;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-dovecot-'));
  const mail = path.join(dir, 'mail');
  mkdirSync(mail);
  const passwd = path.join(dir, 'passwd');
  writeFileSync(
    passwd,
    Object.entries(users)
      .map(([u, p]) => `${u}:{PLAIN}${p}::::::\n`)
      .join(''),
    { mode: 0o600 },
  );
  if (isRoot) {
    // mkdtemp makes the dir private to root; the login, auth and mail processes must reach into it.
    chmodSync(dir, 0o755);
    chownSync(mail, mailUser.uid, mailUser.gid);
    chownSync(passwd, mailUser.uid, mailUser.gid);
  }

  const port = await freePort();
  let tls = '';
  if (options.tls) {
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost'].concat([
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ]),
      { encoding: 'utf8' },
    );
    if (made.status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`openssl could not make a test certificate: ${made.stderr || made.error}`);
    }
    tls = `ssl = required\nssl_cert = <${dir}/cert.pem\nssl_key = <${dir}/key.pem\n`;
  }
  const conf = path.join(dir, 'dovecot.conf');
  writeFileSync(
    conf,
    `# Written by packages/server/test/dovecot.ts for one test run.
instance_name = vigil-test-${path.basename(dir)}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = /dev/stderr
protocols = imap
listen = 127.0.0.1
${tls || 'ssl = no\n'}disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = ${internal}
default_internal_group = ${internalGroup}
default_login_user = ${login}
first_valid_uid = ${mailUser.uid}
mail_location = maildir:${mail}/%u
mail_fsync = never
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${passwd}
}
userdb {
  driver = static
  args = uid=${mailUser.uid} gid=${mailUser.gid} home=${mail}/%u
}
# No chroot: a normal user may not chroot. No auth penalty: tests sign in with wrong passwords
# on purpose, and the penalty would slow every later login from 127.0.0.1 by seconds.
service anvil {
  chroot =
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${options.tls ? 0 : port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${options.tls ? port : 0}
  }
}
`,
  );

  let output = '';
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  // Never leave a dovecot behind if the test process ends without stop().
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const cleanup = () => {
    process.removeListener('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  while (!(await canConnect(port))) {
    if (!running || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      cleanup();
      throw new Error(`dovecot did not start on 127.0.0.1:${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const [user] = names;
  const client = async (as = user) => {
    const c = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: !!options.tls,
      tls: { rejectUnauthorized: false },
      auth: { user: as, pass: users[as] },
      logger: false,
      disableAutoIdle: true,
    });
    c.on('error', () => undefined);
    await c.connect();
    return c;
  };

  return {
    host: '127.0.0.1',
    port,
    secure: !!options.tls,
    user,
    password: users[user],
    users,
    dir,
    client,
    async append(raw, opts = {}) {
      const c = await client(opts.user);
      try {
        const folder = opts.folder ?? 'INBOX';
        if (folder !== 'INBOX' && !(await c.list()).some((b) => b.path === folder)) await c.mailboxCreate(folder);
        const r = await c.append(folder, raw, opts.flags ?? []);
        if (!r || r.uid === undefined) throw new Error(`APPEND to ${folder} gave no UID`);
        return r.uid;
      } finally {
        await c.logout();
      }
    },
    log: () => output,
    async stop() {
      if (running) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      cleanup();
    },
  };
}
