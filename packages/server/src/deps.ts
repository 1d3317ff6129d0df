import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { TokenService } from './platform/auth/tokens.ts';
import type { Mailer } from './platform/mail.ts';
import type { Jobs } from './platform/jobs.ts';
import type { SessionService } from './modules/auth/sessions.ts';
import type { AuthService } from './modules/auth/service.ts';
import type { BlobStore } from './platform/blobs.ts';
import type { IngestService } from './intake/service.ts';
import type { ParsePipeline } from './intake/pipeline.ts';
import type { RollupWriter } from './rollup/rollup.ts';
import type { Secrets } from './platform/secrets.ts';
import type { RegionDirectory } from './modules/regions/directory.ts';

/** Everything a module may use, built once in app.ts. */
export interface Deps {
  config: Config;
  database: Database;
  tokens: TokenService;
  sessions: SessionService;
  auth: AuthService;
  mailer: Mailer;
  /** Seals secrets at rest under the master key (platform/secrets.ts). */
  secrets: Secrets;
  jobs: Jobs | null;
  blobs: BlobStore;
  ingest: IngestService;
  pipeline: ParsePipeline;
  rollup: RollupWriter;
  /** The regions and their shared sign-in directory. */
  regions: RegionDirectory;
}
