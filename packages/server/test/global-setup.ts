import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { prepareTemplate } from './template.ts';

/** One template per run (by process id), so two runs sharing a PostgreSQL server never drop each other's. */
const TEMPLATE_DB = `vigil_test_template_${process.pid}`;

/**
 * Builds one migrated, seeded database per run; each test file then starts from a copy of it:
 * a PGlite data-dir dump, or a PostgreSQL database created WITH TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.VIGIL_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl)
      throw new Error('VIGIL_TEST_DB=postgres needs TEST_DATABASE_URL (a server URL whose user may create databases)');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    const url = new URL(adminUrl);
    url.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await prepareTemplate(database);
    await database.close();
    project.provide('testDb', { kind, templateDb: TEMPLATE_DB, adminUrl, dumpPath: '' });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await prepareTemplate(database);
  // Every file loads this dump: without the template databases (nothing here creates a database)
  // and after a checkpoint it is a third smaller and starts about 0.1 s sooner.
  await database.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  for (const statement of ['drop database template1', 'drop database template0', 'checkpoint'])
    await database.exec(statement);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const dumpPath = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDb', { kind, templateDb: '', adminUrl: '', dumpPath });
  return () => rmSync(dumpPath, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite' | 'postgres'; templateDb: string; adminUrl: string; dumpPath: string };
  }
}
