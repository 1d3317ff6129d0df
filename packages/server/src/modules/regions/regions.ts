import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';

/** A region users may live in, and the address of the deployment that serves it. */
export interface Region {
  Name: string;
  Url: string;
}

/** What the regions know of each other: this one, every one, and who keeps the directory. */
export interface RegionMap {
  current: Region;
  all: Region[];
  /** The deployment that keeps the shared directory; null when this one keeps it. */
  directoryUrl: string | null;
  secret: string | null;
}

/**
 * Reads `REGIONS` (`us=https://us.example,eu=https://eu.example`). This deployment's own region is
 * always among them; its address defaults to PUBLIC_URL when the list leaves it out.
 */
export function regionMap(
  config: Pick<Config, 'REGION' | 'REGIONS' | 'REGION_DIRECTORY_URL' | 'REGION_DIRECTORY_SECRET' | 'publicUrl'>,
): RegionMap {
  const all: Region[] = [];
  for (const pair of config.REGIONS.split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const name = (at > 0 ? pair.slice(0, at) : '').trim().toLowerCase();
    const url = (at > 0 ? pair.slice(at + 1) : '').trim().replace(/\/$/, '');
    if (!/^[a-z][a-z0-9-]{1,15}$/.test(name) || !URL.canParse(url))
      throw new Error(`Invalid configuration:\n  REGIONS: "${pair}" is not code=https://address`);
    if (!all.some((r) => r.Name === name)) all.push({ Name: name, Url: url });
  }
  let current = all.find((r) => r.Name === config.REGION);
  if (!current) {
    current = { Name: config.REGION, Url: config.publicUrl };
    all.unshift(current);
  }
  return {
    current,
    all,
    directoryUrl: config.REGION_DIRECTORY_URL?.replace(/\/$/, '') ?? null,
    secret: config.REGION_DIRECTORY_SECRET ?? null,
  };
}

export type DirectoryKind = 'email' | 'tenant';

/**
 * A directory key: a keyed hash of the kind and the normalised value, so the directory that every
 * region reads holds no e-mail address or tenant name in the clear.
 */
export function directoryKey(secret: string | null, kind: DirectoryKind, value: string): string {
  return createHmac('sha256', secret ?? 'vigil-region-directory')
    .update(`${kind}:${value.trim().toLowerCase()}`)
    .digest('hex');
}
