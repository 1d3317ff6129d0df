import type { BackupSourceType } from '@vigil/contract';
import { startAcronisStub } from './acronis.ts';
import { startAwsStub } from './aws.ts';
import { startAzureStub } from './azure.ts';
import { startCloudberryStub } from './cloudberry.ts';
import { startDattoStub } from './datto.ts';
import { startCometStub } from './comet.ts';
import { startDropsuiteStub } from './dropsuite.ts';
import { startMspStub } from './msp.ts';
import { startReplibitLegacyStub, startReplibitStub } from './replibit.ts';
import { startRedstorStub } from './redstor.ts';
import { startSkykickStub } from './skykick.ts';
import { startSlideStub } from './slide.ts';
import { startSolarwindsStub } from './solarwinds.ts';
import { startStoragecraftStub } from './storagecraft.ts';
import type { StubOptions, VendorStub } from './types.ts';
import { startVeeamLegacyStub } from './veeam-legacy.ts';
import { startVeeamStub } from './veeam.ts';

/** A local stub per built vendor; the table-driven source tests and the api-sources bench walk them all. */
export const STUBS: Partial<Record<BackupSourceType, (options?: StubOptions) => Promise<VendorStub>>> = {
  acronis: startAcronisStub,
  aws: startAwsStub,
  azure: (options) => startAzureStub(options),
  cloudberry: startCloudberryStub,
  comet: startCometStub,
  datto: startDattoStub,
  dropsuite: startDropsuiteStub,
  msp: startMspStub,
  replibit: (options) => startReplibitStub(options),
  'replibit-legacy': startReplibitLegacyStub,
  redstor: startRedstorStub,
  skykick: startSkykickStub,
  slide: startSlideStub,
  solarwinds: startSolarwindsStub,
  storagecraft: startStoragecraftStub,
  veeam: startVeeamStub,
  'veeam-legacy': startVeeamLegacyStub,
};
