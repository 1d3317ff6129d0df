import { joinUrl } from '../../../../platform/http-exchange.ts';
import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import type { CometJob, CometUserProfile } from './mapping.ts';

/**
 * The Comet Server admin API: every call is a form POST under /api/v1/admin/ carrying the admin's
 * Username, AuthType=Password and Password. Failures answer a CometAPIResponseMessage
 * `{Status, Message}` (sometimes with HTTP 200), which is turned into a VendorError here.
 */
export class CometClient {
  private readonly base: string;

  constructor(
    private readonly ctx: VendorContext,
    private readonly settings: SourceSettings,
  ) {
    const url = settings.credentials.Url?.trim();
    if (!url) throw new VendorError('The Comet Server URL is required', 400, false);
    this.base = url;
  }

  async call<T>(path: string, params: Record<string, string> = {}): Promise<T> {
    const { UserName = '', Password = '' } = this.settings.credentials;
    let data: unknown;
    try {
      ({ data } = await this.ctx.http.send<unknown>({
        method: 'POST',
        url: joinUrl(this.base, path),
        form: { Username: UserName, AuthType: 'Password', Password, ...params },
      }));
    } catch (err) {
      if (err instanceof VendorError && (err.status === 401 || err.status === 403)) {
        throw new VendorAuthError(err.message, err.status);
      }
      throw err;
    }
    const status = responseStatus(data);
    if (status !== null && (status < 200 || status > 299)) {
      const message = String((data as { Message?: unknown }).Message ?? `Comet Server answered ${status}`);
      if (status === 401 || status === 403) throw new VendorAuthError(message, status);
      throw new VendorError(message, status, status === 429 || status >= 500);
    }
    return data as T;
  }

  /** The signed-in administrator's properties: the cheapest authenticated call. */
  accountProperties(): Promise<unknown> {
    return this.call('api/v1/admin/account/properties');
  }

  /** Every user profile, keyed by user name (the API has no paging for this list). */
  usersFull(): Promise<Record<string, CometUserProfile>> {
    return this.call('api/v1/admin/list-users-full');
  }

  /** Jobs that started or ended within [start, end] (Unix seconds), in no particular order. */
  jobsForDateRange(start: number, end: number): Promise<CometJob[]> {
    return this.call('api/v1/admin/get-jobs-for-date-range', { Start: String(start), End: String(end) });
  }
}

/** The Status of a CometAPIResponseMessage body, or null for any other answer. */
function responseStatus(data: unknown): number | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const o = data as Record<string, unknown>;
  return typeof o.Status === 'number' && typeof o.Message === 'string' ? o.Status : null;
}
