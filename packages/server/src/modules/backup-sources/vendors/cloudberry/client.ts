import { joinUrl } from '../../../../platform/http-exchange.ts';
import { type SourceSettings, type VendorContext, VendorAuthError, VendorError } from '../types.ts';
import type { Company, Computer, MonitoringRow } from './mapping.ts';

export const DEFAULT_API_URL = 'https://api.mspbackups.com';
/** Computers asked for per GET api/Computers/{offset}/{count}. */
export const COMPUTERS_PER_PAGE = 500;

/**
 * The MSP360 Managed Backup API: POST api/Provider/Login with the API credentials gives a bearer
 * access token (valid two weeks); every other call sends it.
 */
export class Msp360Client {
  private token: string | null = null;
  private readonly base: string;

  constructor(
    private readonly ctx: VendorContext,
    private readonly settings: SourceSettings,
  ) {
    this.base = settings.credentials.ApiUrl?.trim() || DEFAULT_API_URL;
  }

  async login(): Promise<void> {
    if (this.token) return;
    const c = this.settings.credentials;
    let data: { access_token?: string } | null;
    try {
      const res = await this.ctx.http.send<{ access_token?: string }>({
        method: 'POST',
        url: joinUrl(this.base, 'api/Provider/Login'),
        body: { UserName: c.UserName ?? '', Password: c.Password ?? '' },
      });
      data = res.data;
    } catch (err) {
      // 400 invalid_grant: "The user name or password is incorrect."
      if (err instanceof VendorError && [400, 401, 403].includes(err.status))
        throw new VendorAuthError(err.message, err.status);
      throw err;
    }
    if (!data?.access_token) throw new VendorAuthError('MSP360 did not return an access token');
    this.token = data.access_token;
  }

  private async get<T>(path: string): Promise<T> {
    await this.login();
    const res = await this.ctx.http.send<T>({
      method: 'GET',
      url: joinUrl(this.base, path),
      headers: { Authorization: `Bearer ${this.token}` },
    });
    return res.data;
  }

  async companies(): Promise<Company[]> {
    const data = await this.get<Company[] | null>('api/Companies');
    return Array.isArray(data) ? data : [];
  }

  /** The latest run of every plan on every computer (the API does not page this list). */
  async monitoring(): Promise<MonitoringRow[]> {
    const data = await this.get<MonitoringRow[] | null>('api/Monitoring');
    return Array.isArray(data) ? data : [];
  }

  /** Computers page by page (offset/count) until the reported count or an empty page; null when the API has no computers list. */
  async *computerPages(): AsyncGenerator<Computer[]> {
    for (let offset = 0; ;) {
      if (this.ctx.signal.aborted) return;
      let data: { Count?: number; Computers?: Computer[] } | null;
      try {
        data = await this.get(`api/Computers/${offset}/${COMPUTERS_PER_PAGE}`);
      } catch (err) {
        if (offset === 0 && err instanceof VendorError && err.status === 404) throw new ComputersUnavailable();
        throw err;
      }
      const page = data?.Computers ?? [];
      if (!page.length) return;
      yield page;
      offset += page.length;
      if (typeof data?.Count === 'number' && offset >= data.Count) return;
    }
  }
}

/** The account's API has no computers list (older API versions): devices come from monitoring. */
export class ComputersUnavailable extends Error {}
