import { joinUrl } from '../../../../platform/http-exchange.ts';
import { bearerGet } from '../bearer.ts';
import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import type { AzureVault } from './mapping.ts';

/** Microsoft's public cloud: Entra ID sign-in and Azure Resource Manager. */
export const AZURE_PUBLIC_AUTHORITY = 'https://login.microsoftonline.com';
export const AZURE_PUBLIC_ARM = 'https://management.azure.com';
/** The Recovery Services backup API version (Backup Jobs - List, Backup Protected Items - List). */
export const BACKUP_API_VERSION = '2023-04-01';
export const SUBSCRIPTION_API_VERSION = '2022-12-01';

/** A page of an ARM list: `value`, and `nextLink` (an absolute URL) while more follow. */
export interface ArmPage<T> {
  value?: T[];
  nextLink?: string | null;
}

/** The vaults of a source: `resourceGroup/vaultName` (or a vault's resource ID), separated by commas or lines. */
export function parseVaults(text: string | undefined): AzureVault[] {
  const vaults: AzureVault[] = [];
  for (const raw of (text ?? '').split(/[,;\n]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const byId = /\/resourceGroups\/([^/]+)\/providers\/Microsoft\.RecoveryServices\/vaults\/([^/]+)\/?$/i.exec(entry);
    const parts = byId ? [byId[1]!, byId[2]!] : entry.split('/').map((x) => x.trim());
    if (parts.length !== 2 || !parts[0] || !parts[1])
      throw new VendorAuthError(`"${entry}" is not a vault: enter resourceGroup/vaultName`, 400);
    vaults.push({ resourceGroup: parts[0], name: parts[1] });
  }
  if (!vaults.length) throw new VendorAuthError('Name at least one Recovery Services vault', 400);
  return vaults;
}

/**
 * Azure Backup through the documented REST APIs: an OAuth 2 client-credentials token from the
 * Microsoft identity platform (`{authority}/{tenant}/oauth2/v2.0/token`, scope `{arm}/.default`),
 * then Bearer calls to Azure Resource Manager, each through the source's guarded HTTP client.
 */
export class AzureClient {
  readonly authority: string;
  readonly arm: string;
  readonly subscriptionId: string;
  private token: string | null = null;

  constructor(
    private readonly ctx: VendorContext,
    private readonly settings: SourceSettings,
  ) {
    const c = settings.credentials;
    this.authority = c.AuthorityUrl?.trim() || AZURE_PUBLIC_AUTHORITY;
    this.arm = c.ResourceManagerUrl?.trim() || AZURE_PUBLIC_ARM;
    this.subscriptionId = c.SubscriptionId?.trim() ?? '';
    if (!this.subscriptionId) throw new VendorAuthError('The subscription ID is required', 400);
  }

  vaults(): AzureVault[] {
    return parseVaults(this.settings.credentials.Vaults);
  }

  /** Exchanges the application's id and secret for a Resource Manager token; refusals carry the AADSTS reason. */
  async authenticate(): Promise<string> {
    const { TenantId = '', ClientId = '', ClientSecret = '' } = this.settings.credentials;
    try {
      const { data } = await this.ctx.http.send<{ access_token?: string }>({
        method: 'POST',
        url: joinUrl(this.authority, `/${encodeURIComponent(TenantId.trim())}/oauth2/v2.0/token`),
        form: {
          grant_type: 'client_credentials',
          client_id: ClientId.trim(),
          client_secret: ClientSecret,
          scope: `${this.arm.replace(/\/+$/, '')}/.default`,
        },
      });
      if (!data?.access_token) throw new VendorError('Microsoft did not return an access token', 502, false);
      this.token = data.access_token;
      return this.token;
    } catch (err) {
      if (err instanceof VendorError && [400, 401, 403].includes(err.status))
        throw new VendorAuthError(err.message, err.status);
      throw err;
    }
  }

  /** A Resource Manager GET (a path, or a `nextLink` URL); an expired token is renewed once. */
  async get<T>(pathOrUrl: string, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : joinUrl(this.arm, pathOrUrl));
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return bearerGet<T>(
      this.ctx,
      url.toString(),
      () => this.token ?? this.authenticate(),
      () => {
        this.token = null;
      },
    );
  }

  /** Every page of an ARM list, following `nextLink`. */
  async *pages<T>(path: string, query: Record<string, string>): AsyncGenerator<T[]> {
    let next: string | null = null;
    let first = true;
    while (first || next) {
      if (this.ctx.signal.aborted) return;
      const page: ArmPage<T> = first ? await this.get<ArmPage<T>>(path, query) : await this.get<ArmPage<T>>(next!);
      first = false;
      const items = page?.value ?? [];
      if (items.length) yield items;
      next = page?.nextLink || null;
    }
  }

  vaultPath(vault: AzureVault): string {
    return (
      `/subscriptions/${encodeURIComponent(this.subscriptionId)}/resourceGroups/${encodeURIComponent(vault.resourceGroup)}` +
      `/providers/Microsoft.RecoveryServices/vaults/${encodeURIComponent(vault.name)}`
    );
  }

  /** Reads the vault itself: a cheap check that the application may read it. */
  async vault(vault: AzureVault): Promise<void> {
    try {
      await this.get(this.vaultPath(vault), { 'api-version': BACKUP_API_VERSION });
    } catch (err) {
      if (err instanceof VendorError && err.status === 404)
        throw new VendorAuthError(`Vault ${vault.resourceGroup}/${vault.name}: ${err.message}`, 404);
      throw err;
    }
  }
}

/** `yyyy-MM-dd hh:mm:ss AM` in UTC, the time format of the backup jobs `$filter`. */
export function filterTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const h = d.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return (
    `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ` +
    `${p(h12)}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`
  );
}
