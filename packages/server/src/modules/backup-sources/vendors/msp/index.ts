import { msp360Connector } from '../cloudberry/index.ts';
import type { VendorConnector } from '../types.ts';

/**
 * `msp` is MSP360 Managed Backup (CloudBerry Lab took the name MSP360 in 2019; its API lives at
 * api.mspbackups.com): the same MSP360 API connector as `cloudberry`, under its own type.
 */
export const mspConnector: VendorConnector = { ...msp360Connector, type: 'msp' };
