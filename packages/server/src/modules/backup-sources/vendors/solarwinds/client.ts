import { joinUrl } from '../../../../platform/http-exchange.ts';
import { type SourceSettings, type VendorContext, VendorAuthError, VendorError } from '../types.ts';
import { type CoveAccountRow, type CovePartner, statisticsColumns } from './mapping.ts';

/** The management API's address per region of the descriptor. */
export const REGION_ENDPOINTS: Record<string, string> = {
  global: 'https://api.backup.management/jsonapi',
};

/** Devices asked for per EnumerateAccountStatistics call. */
export const DEVICES_PER_PAGE = 500;

/** The endpoint: the source's API URL when set, else its region's address. */
export function endpointOf(settings: SourceSettings): string {
  const custom = settings.credentials.ApiUrl?.trim();
  if (custom) return /\/jsonapi\/?$/.test(custom) ? custom : joinUrl(custom, 'jsonapi');
  return REGION_ENDPOINTS[settings.region ?? 'global'] ?? REGION_ENDPOINTS.global!;
}

interface RpcResponse<T> {
  id?: string;
  jsonrpc?: string;
  visa?: string;
  result?: { result?: T } | null;
  error?: { code?: number; message?: string } | null;
}

/**
 * One JSON-RPC session with Cove: Login gives a visa, every answer carries the next visa (valid
 * 15 minutes), which the following call sends.
 */
export class CoveClient {
  private visa: string | null = null;
  private partnerId: number | null = null;
  private readonly url: string;

  constructor(
    private readonly ctx: VendorContext,
    private readonly settings: SourceSettings,
  ) {
    this.url = endpointOf(settings);
  }

  private async call<T>(method: string, params: Record<string, unknown>): Promise<T | undefined> {
    const body: Record<string, unknown> = { jsonrpc: '2.0', id: 'jsonrpc', method, params };
    if (this.visa) body.visa = this.visa;
    const res = await this.ctx.http.send<RpcResponse<T>>({ method: 'POST', url: this.url, body });
    const data = res.data && typeof res.data === 'object' ? res.data : ({} as RpcResponse<T>);
    if (data.visa) this.visa = data.visa;
    if (data.error) {
      const message = data.error.message?.trim() || `Cove answered error ${data.error.code ?? ''}`.trim();
      if (method === 'Login') throw new VendorAuthError(message);
      throw new VendorError(message, res.status, false);
    }
    return data.result?.result;
  }

  /** Logs in once; the partner the user belongs to is where enumeration starts. */
  async login(): Promise<number> {
    if (this.partnerId !== null) return this.partnerId;
    const c = this.settings.credentials;
    const result = await this.call<{ PartnerId?: number }>('Login', {
      partner: c.PartnerName ?? '',
      username: c.UserName ?? '',
      password: c.Password ?? '',
    });
    if (!this.visa || typeof result?.PartnerId !== 'number') throw new VendorAuthError('Cove did not grant a visa');
    this.partnerId = result.PartnerId;
    return this.partnerId;
  }

  /** The partner's customers, every level below it. */
  async partners(): Promise<CovePartner[]> {
    const parentPartnerId = await this.login();
    const result = await this.call<CovePartner[]>('EnumeratePartners', {
      parentPartnerId,
      fetchRecursively: true,
      fields: [0, 1, 3, 4, 5],
    });
    return (result ?? []).filter((p) => p.Id !== parentPartnerId);
  }

  /** Device statistics page by page (StartRecordNumber/RecordsCount) until an empty page. */
  async *devicePages(): AsyncGenerator<CoveAccountRow[]> {
    const PartnerId = await this.login();
    const Columns = statisticsColumns();
    for (let start = 0; ;) {
      if (this.ctx.signal.aborted) return;
      const rows = await this.call<CoveAccountRow[]>('EnumerateAccountStatistics', {
        query: {
          PartnerId,
          SelectionMode: 'Merged',
          StartRecordNumber: start,
          RecordsCount: DEVICES_PER_PAGE,
          OrderBy: 'I1 ASC',
          Columns,
        },
      });
      if (!rows?.length) return;
      yield rows;
      start += rows.length;
    }
  }
}
