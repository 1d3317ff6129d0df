import type { BackupSourceType } from '@vigil/contract';
import { startAcronisStub } from './acronis.ts';
import { startCloudberryStub } from './cloudberry.ts';
import { startDattoStub } from './datto.ts';
import { startCometStub } from './comet.ts';
import { startSlideStub } from './slide.ts';
import { startSolarwindsStub } from './solarwinds.ts';
import type { StubOptions, VendorStub } from './types.ts';
import { startVeeamLegacyStub } from './veeam-legacy.ts';
import { startVeeamStub } from './veeam.ts';

/** A local stub per built vendor; the table-driven source tests and the api-sources bench walk them all. */
export const STUBS: Partial<Record<BackupSourceType, (options?: StubOptions) => Promise<VendorStub>>> = {
  acronis: startAcronisStub,
  cloudberry: startCloudberryStub,
  comet: startCometStub,
  datto: startDattoStub,
  slide: startSlideStub,
  solarwinds: startSolarwindsStub,
  veeam: startVeeamStub,
  'veeam-legacy': startVeeamLegacyStub,
};
