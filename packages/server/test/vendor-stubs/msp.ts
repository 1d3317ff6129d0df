import { startCloudberryStub } from './cloudberry.ts';
import type { StubOptions, VendorStub } from './types.ts';

/** `msp` is MSP360: the MSP360 API stub, under the `msp` type. */
export async function startMspStub(options: StubOptions = {}): Promise<VendorStub> {
  // Its own machines, so a tenant with both types sees two estates.
  const stub = await startCloudberryStub(options, 'M360');
  return Object.assign(stub, { type: 'msp' as const });
}
