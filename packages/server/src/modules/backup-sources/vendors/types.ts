import type { BackupSourceType } from '@vigil/contract';
import type { HttpRequest, HttpResponse } from '../../../platform/http-support.ts';

/**
 * What every backup-vendor connector implements. A connector is an HTTP client written from the
 * vendor's public API documentation; it knows nothing of the database, the tenant or the filing
 * path. The sync service (../sync.ts) drives it: validate before saving, list customers for the
 * company mapping, page through sessions from a stored cursor, and read device/appliance detail.
 */

export type { HttpRequest as VendorRequest, HttpResponse as VendorResponse } from '../../../platform/http-support.ts';

/**
 * One HTTP client per sync (../http.ts): the outbound guard, a timeout, retries of 429
 * (Retry-After), 5xx and network errors with backoff; errors are VendorError with the vendor's message.
 */
export interface VendorHttpClient {
  send<T = unknown>(req: HttpRequest): Promise<HttpResponse<T>>;
}

export interface VendorContext {
  http: VendorHttpClient;
  /** Aborted when the sync is cancelled or runs out of time. */
  signal: AbortSignal;
  now(): Date;
}

/** A source's settings as the connector sees them: credentials opened, defaults applied. */
export interface SourceSettings {
  credentials: Record<string, string>;
  region: string | null;
}

export interface VendorCustomer {
  /** The vendor's customer/organisation/tenant id; filed as the result's client id. */
  id: string;
  name: string;
}

/** One backup run as the vendor reports it. */
export interface VendorSession {
  /** Unique within the source; a session seen again is never filed twice. */
  sessionId: string;
  customerId: string | null;
  customerName: string | null;
  /** The protected machine (or mailbox/tenant for SaaS). */
  device: string;
  /** The job/plan/policy name. */
  job: string;
  /** e.g. 'Image', 'Files', 'VM', 'Microsoft 365', 'Agent'. */
  backupType: string;
  status: 'Success' | 'Warning' | 'Failure';
  startTime: Date | null;
  endTime: Date | null;
  sizeBytes: number | null;
  durationSeconds: number | null;
  /** The vendor's own message for a warning or failure. */
  message: string | null;
  /** The asset (device/agent) this session belongs to, for the drawer's side menu. */
  assetId?: string | null;
}

export interface SessionPage {
  sessions: VendorSession[];
  /** Where the next sync resumes once this page is filed (last session time, page token). */
  cursor: string | null;
}

/** A protected device or an appliance, with the side menu's fields (features §3.4). */
export interface VendorAsset {
  kind: 'device' | 'appliance';
  externalId: string;
  /** The appliance a device is protected by. */
  parentExternalId?: string | null;
  customerId: string | null;
  name: string;
  /** Device or appliance fields of features §3.4 (DeviceName, Hostname, BootDate, IpAddresses, …). */
  fields: Record<string, unknown>;
  /** A link to the asset in the vendor's console. */
  consoleUrl?: string | null;
}

export interface VendorConnector {
  type: BackupSourceType;
  /** Checks the credentials with one cheap authenticated call; throws VendorAuthError with the vendor's reason. */
  validate(ctx: VendorContext, settings: SourceSettings): Promise<void>;
  customers(ctx: VendorContext, settings: SourceSettings): AsyncIterable<VendorCustomer>;
  /** Sessions after `cursor` (null: the vendor's recent history, at most 7 days), page by page, oldest first. */
  sessions(ctx: VendorContext, settings: SourceSettings, cursor: string | null): AsyncIterable<SessionPage>;
  assets?(ctx: VendorContext, settings: SourceSettings): AsyncIterable<VendorAsset>;
  /** Starts a backup of an asset now ("Backup Now"). */
  runBackup?(
    ctx: VendorContext,
    settings: SourceSettings,
    asset: { externalId: string; kind: 'device' | 'appliance' },
  ): Promise<void>;
}

/** A vendor answer that ends the call: `retryable` ones are retried by VendorHttp first. */
export class VendorError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'VendorError';
  }
}

/** The vendor refused the credentials; the message is the vendor's reason, shown to the tenant. */
export class VendorAuthError extends VendorError {
  constructor(message: string, status = 401) {
    super(message, status, false);
    this.name = 'VendorAuthError';
  }
}
