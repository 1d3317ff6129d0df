import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isAllowEntry } from './platform/outbound-address.ts';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  INBOUND_DOMAIN: z.string().default('inbound.localhost'),
  SMTP_HOST: z.string().default('0.0.0.0'),
  /** Largest accepted e-mail in bytes (552 above it). */
  SMTP_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  /** Messages a minute one envelope sender may deliver before getting 451 (try later). */
  SMTP_SENDER_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /**
   * How SMTP answers 250: `spool` (default) once the e-mail is fsynced into this node's spool,
   * filed into the database right behind; `direct` once its blob and row are committed.
   */
  SMTP_INTAKE: z.enum(['spool', 'direct']).default('spool'),
  /** This node's SMTP spool; defaults to <DATA_DIR>/spool. It must survive restarts. */
  SPOOL_DIR: z.string().optional(),
  /** Spooled bytes not yet filed above which DATA is answered 452 (try later). */
  SPOOL_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(2 * 1024 * 1024 * 1024),
  /** How often an ingest node reports its spool to the Admin Portal's parsing status. */
  SPOOL_REPORT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** PEM files that turn on STARTTLS. */
  SMTP_TLS_KEY: z.string().optional(),
  SMTP_TLS_CERT: z.string().optional(),
  /** Where raw e-mails and files go; defaults to <DATA_DIR>/blobs. */
  BLOB_DIR: z.string().optional(),
  /** Where blobs live: files under BLOB_DIR, the `blobs` table of the database, or an S3 bucket. */
  BLOB_STORE: z.enum(['file', 'postgres', 's3']).default('file'),
  /** The bucket of BLOB_STORE=s3 (needed then). */
  S3_BUCKET: z.string().min(1).optional(),
  /** An S3-compatible service's URL (MinIO, Ceph, R2…); unset is AWS S3. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the AWS SDK's default chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (host/bucket/key), which most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** Parser threads (0 parses inline): by default one for each core but the one the SMTP door and the database use. */
  PARSE_THREADS: z.coerce
    .number()
    .int()
    .min(0)
    .max(16)
    .default(Math.min(16, Math.max(1, availableParallelism() - 1))),
  /** How often IMAP mailboxes are pulled. */
  IMAP_POLL_SECONDS: z.coerce.number().int().min(5).default(60),
  /** How often due scheduled reports are looked for (a report goes out within this of its hour). */
  REPORTS_POLL_SECONDS: z.coerce.number().int().min(5).default(60),
  /** Accept self-signed or otherwise untrusted TLS certificates of tenant IMAP servers. */
  IMAP_ALLOW_SELF_SIGNED: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** Scales the backoff between retries of backup-vendor API calls (0 retries at once; tests). */
  VENDOR_BACKOFF_SCALE: z.coerce.number().min(0).max(10).default(1),
  /** PSA base URLs may be plain http (local stubs, labs); outside production by default, https only otherwise. */
  PSA_ALLOW_HTTP: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v ? v === 'true' || v === '1' || v === 'yes' : process.env.NODE_ENV !== 'production')),
  /**
   * Connections a tenant can aim (PSA, webhooks, SMTP, IMAP) may reach loopback, private and
   * link-local addresses (tests, labs); refused by default.
   */
  OUTBOUND_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  /** Host names (`*.lab.example` allowed), IP addresses and CIDRs opened despite being private or local. */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isAllowEntry), 'a comma list of host names, IP addresses and CIDRs'),
  VIGIL_DEMO_PASSWORD: z.string().min(8).default('Demo!Vigil1'),
  /** Days of demo history sent through SMTP on the first start with --seed (0 = none). */
  VIGIL_DEMO_DAYS: z.coerce.number().int().min(0).max(400).default(90),
  PUBLIC_URL: z.string().url().optional(),
  /** This deployment's region code (platform §9: us). */
  REGION: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,15}$/, 'a short lower-case code such as us or eu')
    .default('us'),
  /** Every region users may live in, as `code=https://base.url` pairs separated by commas; unset is this one only. */
  REGIONS: z.string().default(''),
  /** The region deployment that keeps the shared sign-in directory; unset when this one keeps it. */
  REGION_DIRECTORY_URL: z.string().url().optional(),
  /** Shared by the regions: authenticates directory calls and keys its entries (32 characters or more). */
  REGION_DIRECTORY_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Outbound mail: unset keeps mail in the outbox only (readable by platform admins). */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vigil <no-reply@vigil.localhost>'),
  /** Where Support screen messages are e-mailed. */
  SUPPORT_EMAIL: z.string().email().default('support@vigil.localhost'),
  /** Token signing secret; when unset one is generated and kept in the database, sealed. */
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * Reverse proxies whose `X-Forwarded-For` is believed: a comma list of addresses, CIDR ranges or
   * `loopback`/`linklocal`/`uniquelocal`. Unset, no forwarded header is believed and the client
   * address (rate limits, the login log) is the socket's.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isProxyAddress), 'a comma list of IP addresses, CIDR ranges or loopback'),
  /**
   * Master key of the secrets at rest: 32 bytes in base64 or hex, or a passphrase of 32 characters
   * or more. Unset, `<DATA_DIR>/secret.key` is made on the first start. Never kept in the database.
   */
  VIGIL_SECRET_KEY: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  VIGIL_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Sign in with Microsoft (OpenID Connect, Entra ID app registration); unset hides the button. */
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  /** Directory of the app registration: common, organizations, or a tenant id or domain. */
  MICROSOFT_TENANT: z.string().min(1).default('common'),
  /** Issuer override (a test provider); default https://login.microsoftonline.com/{tenant}/v2.0. */
  MICROSOFT_ISSUER: z.string().url().optional(),
  /**
   * Microsoft clouds the Azure Backup sources and their guided set-up talk to: sign-in authority,
   * Resource Manager and Graph (another cloud, or a test stand-in); default the public cloud.
   */
  AZURE_AUTHORITY_URL: z.string().url().default('https://login.microsoftonline.com'),
  AZURE_ARM_URL: z.string().url().default('https://management.azure.com'),
  AZURE_GRAPH_URL: z.string().url().default('https://graph.microsoft.com'),
  /** The app registration an admin signs in to for the guided Azure set-up; unset uses MICROSOFT_CLIENT_ID/SECRET. */
  AZURE_HELPER_CLIENT_ID: z.string().min(1).optional(),
  AZURE_HELPER_CLIENT_SECRET: z.string().min(1).optional(),
  /** Sign in with Google (OpenID Connect, OAuth client of type web application); unset hides the button. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Issuer override (a test provider); default https://accounts.google.com. */
  GOOGLE_ISSUER: z.string().url().optional(),
  /** Sign-in and sign-up through the parent platform (ScalePad, OpenID Connect); all three or it is off. */
  SCALEPAD_ISSUER: z.string().url().optional(),
  SCALEPAD_CLIENT_ID: z.string().min(1).optional(),
  SCALEPAD_CLIENT_SECRET: z.string().min(1).optional(),
  /** ID token claim carrying the parent-platform account (ScalePadTenantId). */
  SCALEPAD_ACCOUNT_CLAIM: z.string().min(1).default('account_id'),
  /**
   * A PEM file of certificate authorities Duo's API is also trusted under (a TLS-inspecting proxy,
   * a lab); Duo's own pinned authorities are always trusted.
   */
  DUO_EXTRA_CA_FILE: z.string().min(1).optional(),
  /** Stripe billing: the secret key turns the Stripe provider on; unset bills nothing (provider None). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signing secret of the Stripe webhook endpoint (`whsec_…`) for `/api/billing/stripe/webhook`. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
  /** The main menu's external links (platform §2 Product Ideas, Product Updates); hidden when unset. */
  PRODUCT_IDEAS_URL: z.string().url().optional(),
  PRODUCT_UPDATES_URL: z.string().url().optional(),
  /** The third-party in-app guidance tool (features §7): its app key and script; off when the key is unset. */
  GUIDANCE_APP_KEY: z.string().min(1).optional(),
  GUIDANCE_SCRIPT_URL: z.string().url().optional(),
});

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (proxyNames.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export type Config = z.infer<typeof Env> & { dataDir: string; blobDir: string; spoolDir: string; publicUrl: string };

/** Reads configuration from the environment once; a bad value stops the process with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.BLOB_STORE === 's3' && !c.S3_BUCKET)
    throw new Error('Invalid configuration:\n  S3_BUCKET: needed when BLOB_STORE=s3');
  if (c.REGION_DIRECTORY_URL && !c.REGION_DIRECTORY_SECRET)
    throw new Error('Invalid configuration:\n  REGION_DIRECTORY_SECRET: needed when REGION_DIRECTORY_URL is set');
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY))
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    blobDir: path.resolve(c.BLOB_DIR ?? path.join(c.DATA_DIR, 'blobs')),
    spoolDir: path.resolve(c.SPOOL_DIR ?? path.join(c.DATA_DIR, 'spool')),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
