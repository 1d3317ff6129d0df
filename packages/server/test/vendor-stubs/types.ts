import type { BackupSourceType } from '@vigil/contract';

/**
 * A local server that speaks one vendor's documented API (auth handshake, paging, errors, rate
 * limits), holding a generated estate. The table-driven source tests and the api-sources bench
 * drive every vendor through this one interface.
 */
export interface VendorStub {
  type: BackupSourceType;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Credentials (and region) that the stub accepts, as the create form would send them. */
  credentials(): Record<string, string>;
  /** The same with a wrong secret; the stub refuses them the way the vendor does. */
  wrongCredentials(): Record<string, string>;
  /** The vendor's reason for refusing wrong credentials, as the stub sends it (tests look for it). */
  refusalText: string;
  region?: string;
  /** Adds `count` finished sessions spread over existing devices, newest last. Returns their session ids. */
  addSessions(count: number, options?: { status?: 'Success' | 'Warning' | 'Failure'; at?: Date }): string[];
  /** The estate: customers and devices with their session count, for assertions. */
  customers(): { id: string; name: string }[];
  /** The next `count` requests (after auth) answer `status` (429 carries Retry-After: 1); 0 = hang past the client timeout. */
  failNext(count: number, status: 429 | 500 | 503 | 0): void;
  /** Requests received, for asserting paging and incremental reads. */
  requests: { method: string; path: string }[];
  /** Backups started through the API (vendors that can). */
  started?: string[];
  close(): Promise<void>;
}

export interface StubOptions {
  customers?: number;
  devicesPerCustomer?: number;
  /** Sessions generated up front, spread over the last 2 days. */
  sessions?: number;
  /** Items per page the stub returns (its documented maximum when smaller). */
  pageSize?: number;
}
