import { VendorHttp } from '../src/modules/backup-sources/http.ts';
import type {
  SessionPage,
  SourceSettings,
  VendorConnector,
  VendorContext,
} from '../src/modules/backup-sources/vendors/types.ts';

/** The context a connector test runs in: immediate retries, a short timeout, 127.0.0.1 allowed. */
export function testVendorContext(who: string): VendorContext {
  return {
    http: new VendorHttp(who, {
      backoffScale: 0,
      timeoutMs: 2000,
      outbound: { allowPrivate: true, hosts: [], ranges: [] },
    }),
    signal: new AbortController().signal,
    now: () => new Date(),
  };
}

/** Every page a connector reads after `cursor`, its sessions, and the cursor it ends on. */
export async function readAllSessions(
  connector: VendorConnector,
  ctx: VendorContext,
  settings: SourceSettings,
  cursor: string | null,
): Promise<{ pages: SessionPage[]; sessions: SessionPage['sessions']; cursor: string | null }> {
  const pages: SessionPage[] = [];
  for await (const page of connector.sessions(ctx, settings, cursor)) pages.push(page);
  return { pages, sessions: pages.flatMap((p) => p.sessions), cursor: pages.at(-1)?.cursor ?? null };
}
