import * as oidc from 'openid-client';
import { SSO_PROVIDER_NAMES, type SsoProvider, type SsoProviderSettings } from '@vigil/contract';
import type { Config } from '../../config.ts';

export interface ProviderConfig {
  id: SsoProvider;
  name: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
  /** What the browser is told (the MSAL-style authority for Microsoft, the issuer for Google). */
  authority: string;
}

/** The configured providers; one without both a client id and a secret is switched off. */
export function providerConfigs(config: Config): Partial<Record<SsoProvider, ProviderConfig>> {
  const out: Partial<Record<SsoProvider, ProviderConfig>> = {};
  if (config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET) {
    const tenant = encodeURIComponent(config.MICROSOFT_TENANT);
    out.microsoft = {
      id: 'microsoft',
      name: SSO_PROVIDER_NAMES.microsoft,
      clientId: config.MICROSOFT_CLIENT_ID,
      clientSecret: config.MICROSOFT_CLIENT_SECRET,
      issuer: config.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${tenant}/v2.0`,
      authority: config.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${tenant}`,
    };
  }
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    const issuer = config.GOOGLE_ISSUER ?? 'https://accounts.google.com';
    out.google = {
      id: 'google',
      name: SSO_PROVIDER_NAMES.google,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      issuer,
      authority: issuer,
    };
  }
  return out;
}

export const callbackPath = (provider: SsoProvider) => `/api/auth/oidc/${provider}/callback`;
export const startPath = (provider: SsoProvider) => `/api/auth/oidc/${provider}/start`;

export function providerSettings(
  provider: SsoProvider,
  cfg: ProviderConfig | undefined,
  publicUrl: string,
): SsoProviderSettings {
  if (!cfg) {
    return { Enabled: false, Provider: provider, ClientId: null, Authority: null, RedirectUri: null, SignInUrl: null };
  }
  return {
    Enabled: true,
    Provider: provider,
    ClientId: cfg.clientId,
    Authority: cfg.authority,
    RedirectUri: `${publicUrl}${callbackPath(provider)}`,
    SignInUrl: startPath(provider),
  };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Discovery documents, fetched on first use and kept; a failed discovery is forgotten so the
 * next sign-in tries again. Plain http is allowed only for an issuer on loopback (a local test
 * provider); a real provider is always reached over https.
 */
export class DiscoveryCache {
  private readonly cache = new Map<string, Promise<oidc.Configuration>>();

  get(cfg: Pick<ProviderConfig, 'issuer' | 'clientId' | 'clientSecret'> & { id: string }): Promise<oidc.Configuration> {
    let pending = this.cache.get(cfg.id);
    if (!pending) {
      const url = new URL(cfg.issuer);
      const insecure = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
      pending = oidc.discovery(url, cfg.clientId, cfg.clientSecret, undefined, {
        timeout: 10,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
      pending.catch(() => this.cache.delete(cfg.id));
      this.cache.set(cfg.id, pending);
    }
    return pending;
  }
}
