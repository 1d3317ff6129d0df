import type { BackupSourceType } from '@vigil/contract';
import { startAcronisStub } from './acronis.ts';
import { startAwsStub } from './aws.ts';
import { startCloudberryStub } from './cloudberry.ts';
import { startDattoStub } from './datto.ts';
import { startCometStub } from './comet.ts';
import { startDropsuiteStub } from './dropsuite.ts';
import { startSlideStub } from './slide.ts';
import { startSolarwindsStub } from './solarwinds.ts';
import type { StubOptions, VendorStub } from './types.ts';
import { startVeeamLegacyStub } from './veeam-legacy.ts';
import { startVeeamStub } from './veeam.ts';

/** A local stub per built vendor; the table-driven source tests and the api-sources bench walk them all. */
export const STUBS: Partial<Record<BackupSourceType, (options?: StubOptions) => Promise<VendorStub>>> = {
  acronis: startAcronisStub,
  aws: startAwsStub,
  cloudberry: startCloudberryStub,
  comet: startCometStub,
  datto: startDattoStub,
  dropsuite: startDropsuiteStub,
  slide: startSlideStub,
  solarwinds: startSolarwindsStub,
  veeam: startVeeamStub,
  'veeam-legacy': startVeeamLegacyStub,
};
