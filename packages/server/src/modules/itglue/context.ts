import type { Deps } from '../../deps.ts';
import { outboundPolicy } from '../../platform/outbound.ts';
import { HttpError } from '../../platform/errors.ts';
import { ItGlueClient, ItGlueError } from './client.ts';

/** How long a form's check of the key may take, retries included. */
export const VALIDATE_DEADLINE_MS = 20_000;

export const sealContext = (tenantId: number) => `itglue:${tenantId}`;

/** A client for one account, held to the outbound policy and ended by `signal`. */
export function itglueClient(deps: Pick<Deps, 'config'>, baseUrl: string, apiKey: string, signal?: AbortSignal) {
  return new ItGlueClient(baseUrl, apiKey, {
    outbound: outboundPolicy(deps.config),
    backoffScale: deps.config.VENDOR_BACKOFF_SCALE,
    deadline: signal,
  });
}

/** The stored key, or an error a tenant can act on when it can no longer be opened. */
export function openKey(deps: Pick<Deps, 'secrets'>, tenantId: number, sealed: string): string {
  const key = deps.secrets.open(sealed, sealContext(tenantId));
  if (key === null) throw new HttpError(400, 'The stored IT Glue API key cannot be read any more: enter it again');
  return key;
}

/** IT Glue's refusal as the form shows it: its own reason, on the field it concerns. */
export function asFormError(err: unknown): HttpError {
  if (err instanceof ItGlueError) {
    if (err.status === 401 || err.status === 403)
      return new HttpError(400, `IT Glue refused the API key: ${err.message}`, [
        { Field: 'ApiKey', Message: err.message },
      ]);
    return new HttpError(400, err.message);
  }
  return err instanceof HttpError ? err : new HttpError(400, String(err));
}
