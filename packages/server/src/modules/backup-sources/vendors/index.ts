import type { BackupSourceType } from '@vigil/contract';
import { acronisConnector } from './acronis/index.ts';
import { awsConnector } from './aws/index.ts';
import { msp360Connector } from './cloudberry/index.ts';
import { dattoConnector } from './datto/index.ts';
import { cometConnector } from './comet/index.ts';
import { dropsuiteConnector } from './dropsuite/index.ts';
import { slideConnector } from './slide/index.ts';
import { coveConnector } from './solarwinds/index.ts';
import type { VendorConnector } from './types.ts';
import { veeamLegacyConnector } from './veeam-legacy/index.ts';
import { veeamConnector } from './veeam/index.ts';

/** The connectors that are built, by type; a type missing here answers 404. */
export const CONNECTORS: Partial<Record<BackupSourceType, VendorConnector>> = {
  acronis: acronisConnector,
  aws: awsConnector,
  cloudberry: msp360Connector,
  comet: cometConnector,
  datto: dattoConnector,
  dropsuite: dropsuiteConnector,
  slide: slideConnector,
  solarwinds: coveConnector,
  veeam: veeamConnector,
  'veeam-legacy': veeamLegacyConnector,
};

export function connectorFor(type: string): VendorConnector | null {
  return (CONNECTORS as Record<string, VendorConnector | undefined>)[type] ?? null;
}
