import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Client, constants } from '@duosecurity/duo_universal';
import type { Config } from '../../config.ts';
import { outboundPolicy, resolveOutbound } from '../../platform/outbound.ts';

export interface DuoApplication {
  clientId: string;
  clientSecret: string;
  apiHost: string;
}

/** A socket lookup that resolves through the outbound guard: a refused address is never dialled. */
function guardedLookup(config: Config): LookupFunction {
  const policy = outboundPolicy(config);
  return (hostname, options, callback) => {
    resolveOutbound(hostname, policy).then(
      (t) => {
        if (options.all) callback(null, [{ address: t.address, family: t.family }]);
        else callback(null, t.address, t.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

let extraCa: { file: string; pem: string } | null = null;
function trustedAuthorities(config: Config): string[] {
  const file = config.DUO_EXTRA_CA_FILE;
  if (!file) return [constants.DUO_PINNED_CERT];
  // Read when first needed (and again when the file changes name), not at start-up.
  if (extraCa?.file !== file) extraCa = { file, pem: readFileSync(file, 'utf8') };
  return [constants.DUO_PINNED_CERT, extraCa.pem];
}

/**
 * Duo's official client for one tenant's Duo application. The library talks to Duo through its
 * own axios instance pinned to Duo's certificate authorities; its agent is replaced by one that
 * keeps those authorities (plus DUO_EXTRA_CA_FILE) and resolves the API host through the outbound
 * guard.
 */
export function duoClient(config: Config, app: DuoApplication): Client {
  const client = new Client({
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    apiHost: app.apiHost,
    redirectUrl: `${config.publicUrl}/page/duo`,
  });
  const agent = new https.Agent({ ca: trustedAuthorities(config), lookup: guardedLookup(config), timeout: 10_000 });
  (client as unknown as { axios: { defaults: { httpsAgent: unknown; timeout: number } } }).axios.defaults.httpsAgent =
    agent;
  (client as unknown as { axios: { defaults: { timeout: number } } }).axios.defaults.timeout = 10_000;
  return client;
}

/** The message of a Duo failure and of its causes. */
export function duoError(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; depth++) {
    if (!parts.includes(e.message)) parts.push(e.message);
    e = (e as Error & { inner?: unknown }).inner ?? e.cause;
  }
  return parts.join(': ') || String(err);
}
