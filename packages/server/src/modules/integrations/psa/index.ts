import { CrmType, type CrmTypeValue } from '@vigil/contract';
import type { PsaClient, PsaClientOptions } from './types.ts';
import { ConnectWiseClient } from './connectwise.ts';
import { AutotaskClient } from './autotask.ts';
import { HaloClient } from './halo.ts';
import { KaseyaBmsClient } from './kaseyabms.ts';
import { ServiceNowClient } from './servicenow.ts';
import { SyncroClient } from './syncro.ts';

export type { PsaClient, PsaClientOptions } from './types.ts';
export { PsaError } from './types.ts';

/**
 * The client for a PSA type. `credentials` are the vendor's credential fields with every secret
 * present in plain text (the integration service opens them); each client checks what it needs.
 */
export function createPsaClient(
  type: CrmTypeValue,
  credentials: Record<string, unknown>,
  options?: PsaClientOptions,
): PsaClient {
  // The contract's schemas have already checked these fields; the clients take them typed.
  const c = credentials as never;
  switch (type) {
    case CrmType.ConnectWise:
      return new ConnectWiseClient(c, options);
    case CrmType.Autotask:
      return new AutotaskClient(c, options);
    case CrmType.HaloPsa:
    case CrmType.HaloITSM:
      return new HaloClient(type, c, options);
    case CrmType.KaseyaBms:
      return new KaseyaBmsClient(c, options);
    case CrmType.ServiceNow:
      return new ServiceNowClient(c, options);
    case CrmType.SyncroMsp:
      return new SyncroClient(c, options);
    default:
      throw new Error(`No PSA client for CRM type ${type}`);
  }
}
