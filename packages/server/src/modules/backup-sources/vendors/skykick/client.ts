import { joinUrl } from '../../../../platform/http-exchange.ts';
import { bearerGet } from '../bearer.ts';
import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';

/**
 * The SkyKick Partner Integration API (now served by ConnectWise Cloud Services behind Azure API
 * Management). Every call carries the developer-portal subscription key in
 * `Ocp-Apim-Subscription-Key`; a Bearer token comes from `POST /auth/token` (HTTP Basic with the
 * client id and the subscription key, `grant_type=client_credentials&scope=Partner`).
 */

export const SKYKICK_DEFAULT_URL = 'https://apis.cloudservices.connectwise.com';

const baseUrl = (s: SourceSettings) => (s.credentials.ApiUrl?.trim() || SKYKICK_DEFAULT_URL).replace(/\/+$/, '');

export class SkyKickClient {
  private token: string | null = null;
  private readonly base: string;
  private readonly key: string;

  constructor(
    private readonly ctx: VendorContext,
    private readonly settings: SourceSettings,
  ) {
    this.base = baseUrl(settings);
    this.key = settings.credentials.SubscriptionKey ?? '';
  }

  /** Exchanges the client id and subscription key for an access token; refusals carry SkyKick's reason. */
  async authenticate(): Promise<string> {
    const clientId = this.settings.credentials.ClientId ?? '';
    try {
      const { data } = await this.ctx.http.send<{ access_token?: string }>({
        method: 'POST',
        url: joinUrl(this.base, '/auth/token'),
        headers: {
          'Ocp-Apim-Subscription-Key': this.key,
          Authorization: `Basic ${Buffer.from(`${clientId}:${this.key}`).toString('base64')}`,
        },
        form: { grant_type: 'client_credentials', scope: 'Partner' },
      });
      if (!data?.access_token) throw new VendorError('SkyKick did not return an access token', 502, false);
      this.token = data.access_token;
      return this.token;
    } catch (err) {
      if (err instanceof VendorError && [400, 401, 403].includes(err.status)) {
        throw new VendorAuthError(err.message, err.status);
      }
      throw err;
    }
  }

  /** A GET with the subscription key and the token; an expired token is renewed once. */
  async get<T>(path: string): Promise<T> {
    return bearerGet<T>(
      this.ctx,
      joinUrl(this.base, path),
      () => this.token ?? this.authenticate(),
      () => {
        this.token = null;
      },
      { 'Ocp-Apim-Subscription-Key': this.key },
    );
  }

  /** `GET /Backup/{subscriptionId}/…`, or null when SkyKick no longer knows the subscription. */
  async ofSubscription<T>(subscriptionId: string, what: string): Promise<T | null> {
    try {
      return await this.get<T>(`/Backup/${encodeURIComponent(subscriptionId)}/${what}`);
    } catch (err) {
      if (err instanceof VendorError && err.status === 404) return null;
      throw err;
    }
  }
}
