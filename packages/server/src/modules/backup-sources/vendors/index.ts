import type { BackupSourceType } from '@vigil/contract';
import { acronisConnector } from './acronis/index.ts';
import { awsConnector } from './aws/index.ts';
import { azureConnector } from './azure/index.ts';
import { msp360Connector } from './cloudberry/index.ts';
import { dattoConnector } from './datto/index.ts';
import { cometConnector } from './comet/index.ts';
import { dropsuiteConnector } from './dropsuite/index.ts';
import { mspConnector } from './msp/index.ts';
import { replibitLegacyConnector, x360RecoverConnector } from './replibit/index.ts';
import { redstorConnector } from './redstor/index.ts';
import { skykickConnector } from './skykick/index.ts';
import { slideConnector } from './slide/index.ts';
import { coveConnector } from './solarwinds/index.ts';
import { shadowControlConnector } from './storagecraft/index.ts';
import type { VendorConnector } from './types.ts';
import { veeamLegacyConnector } from './veeam-legacy/index.ts';
import { veeamConnector } from './veeam/index.ts';

/** The connectors that are built, by type; a type missing here answers 404. */
export const CONNECTORS: Partial<Record<BackupSourceType, VendorConnector>> = {
  acronis: acronisConnector,
  aws: awsConnector,
  azure: azureConnector,
  cloudberry: msp360Connector,
  comet: cometConnector,
  datto: dattoConnector,
  dropsuite: dropsuiteConnector,
  msp: mspConnector,
  replibit: x360RecoverConnector,
  'replibit-legacy': replibitLegacyConnector,
  redstor: redstorConnector,
  skykick: skykickConnector,
  slide: slideConnector,
  solarwinds: coveConnector,
  storagecraft: shadowControlConnector,
  veeam: veeamConnector,
  'veeam-legacy': veeamLegacyConnector,
};

export function connectorFor(type: string): VendorConnector | null {
  return (CONNECTORS as Record<string, VendorConnector | undefined>)[type] ?? null;
}
