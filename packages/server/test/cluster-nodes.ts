import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The processes of a cluster run: the one-off seed, and the nodes of each role, by their pid. */
export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type Role = 'api' | 'ingest' | 'worker';

export interface ClusterNode {
  name: string;
  role: Role;
  httpPort: number;
  smtpPort: number;
  child: ChildProcess | null;
  ready: Promise<void> | null;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The fixture corpus, each e-mail with the number of results its .json expects. */
export function loadCorpus(): { raw: string; results: number }[] {
  const fixtures = path.join(repo, 'packages/server/src/parser/fixtures');
  return readdirSync(fixtures).flatMap((vendor) =>
    readdirSync(path.join(fixtures, vendor))
      .filter((f) => f.endsWith('.eml'))
      .map((f) => {
        const raw = readFileSync(path.join(fixtures, vendor, f), 'latin1');
        const expected: unknown = JSON.parse(
          readFileSync(path.join(fixtures, vendor, f.replace(/\.eml$/, '.json')), 'utf8'),
        );
        return { raw, results: Array.isArray(expected) ? expected.length : 0 };
      }),
  );
}

const MAIN = ['--import', 'tsx', 'packages/server/src/main.ts'];

export class ClusterProcesses {
  private readonly alive = new Set<ChildProcess>();

  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly runDir: string,
    readonly logDir: string,
  ) {
    mkdirSync(logDir, { recursive: true });
  }

  /** Two nodes of each role, on free ports. */
  static async nodes(): Promise<ClusterNode[]> {
    const nodes: ClusterNode[] = [];
    for (const role of ['api', 'ingest', 'worker'] as Role[])
      for (const n of [1, 2])
        nodes.push({
          name: `${role}-${n}`,
          role,
          httpPort: await freePort(),
          smtpPort: await freePort(),
          child: null,
          ready: null,
        });
    return nodes;
  }

  /** Migrations and the demo tenant, once, before any node starts. */
  seed(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const seed = spawn(process.execPath, [...MAIN, 'seed'], {
        cwd: repo,
        env: { ...this.env, DATA_DIR: path.join(this.runDir, 'seed') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.alive.add(seed);
      let output = '';
      seed.stdout.on('data', (d: Buffer) => (output += d.toString()));
      seed.stderr.on('data', (d: Buffer) => (output += d.toString()));
      seed.on('exit', (code) => {
        this.alive.delete(seed);
        if (code === 0) resolve();
        else reject(new Error(`migrating and seeding failed (${code}):\n${output}`));
      });
    });
  }

  /** Starts a node; resolves once it says it is running, rejects when it exits or takes 120 s. */
  start(node: ClusterNode): Promise<void> {
    const child = spawn(process.execPath, [...MAIN, 'serve', `--role=${node.role}`], {
      cwd: repo,
      env: {
        ...this.env,
        DATA_DIR: path.join(this.runDir, node.name),
        PORT: String(node.httpPort),
        SMTP_PORT: String(node.smtpPort),
        // Spool reports every 2 s, so the settled, empty spools are seen soon after the drain.
        SPOOL_REPORT_SECONDS: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.alive.add(child);
    node.child = child;
    const out = createWriteStream(path.join(this.logDir, `${node.name}.log`), { flags: 'a' });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    node.ready = new Promise<void>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`${node.name} did not start within 120 s`)), 120_000);
      child.stdout.on('data', (d: Buffer) => {
        seen += d.toString();
        if (seen.includes('Vigil is running')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code, signal) => {
        this.alive.delete(child);
        clearTimeout(timer);
        reject(new Error(`${node.name} exited (${signal ?? code}) before it was running; see ${this.logDir}`));
      });
    });
    node.ready.catch(() => undefined);
    return node.ready;
  }

  /** kill -9 the node and wait until it is gone. */
  async kill(node: ClusterNode): Promise<void> {
    const child = node.child!;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  }

  /** Stops every process this run started (SIGTERM, SIGKILL after 10 s). */
  async stopAll(): Promise<void> {
    await Promise.all(
      [...this.alive].map(async (child) => {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await gone;
        clearTimeout(force);
      }),
    );
  }
}
