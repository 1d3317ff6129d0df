import { describe, expect, it } from 'vitest';
import { directoryKey, regionMap } from './regions.ts';

const base = {
  REGION: 'us',
  REGIONS: '',
  REGION_DIRECTORY_URL: undefined,
  REGION_DIRECTORY_SECRET: undefined,
  publicUrl: 'https://vigil.example',
};

describe('regionMap', () => {
  it('is this deployment alone when no regions are listed', () => {
    expect(regionMap(base)).toEqual({
      current: { Name: 'us', Url: 'https://vigil.example' },
      all: [{ Name: 'us', Url: 'https://vigil.example' }],
      directoryUrl: null,
      secret: null,
    });
  });

  it('reads code=address pairs, trims slashes and keeps the first of a repeated code', () => {
    const m = regionMap({
      ...base,
      REGION: 'eu',
      REGIONS: ' us=https://us.example/ , EU=https://eu.example,eu=https://x.example',
    });
    expect(m.all).toEqual([
      { Name: 'us', Url: 'https://us.example' },
      { Name: 'eu', Url: 'https://eu.example' },
    ]);
    expect(m.current).toEqual({ Name: 'eu', Url: 'https://eu.example' });
  });

  it('adds its own region at PUBLIC_URL when the list leaves it out', () => {
    const m = regionMap({ ...base, REGIONS: 'eu=https://eu.example' });
    expect(m.all.map((r) => r.Name)).toEqual(['us', 'eu']);
    expect(m.current.Url).toBe('https://vigil.example');
  });

  it('refuses a pair that is not code=address', () => {
    expect(() => regionMap({ ...base, REGIONS: 'eu:https://eu.example' })).toThrow(/REGIONS/);
    expect(() => regionMap({ ...base, REGIONS: 'eu=not a url' })).toThrow(/REGIONS/);
  });
});

describe('directoryKey', () => {
  it('is the same for an e-mail in any case or spacing, differs by kind and by secret', () => {
    const a = directoryKey('s'.repeat(32), 'email', 'Ann@Example.test');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(directoryKey('s'.repeat(32), 'email', ' ann@example.test ')).toBe(a);
    expect(directoryKey('s'.repeat(32), 'tenant', 'ann@example.test')).not.toBe(a);
    expect(directoryKey('t'.repeat(32), 'email', 'ann@example.test')).not.toBe(a);
  });
});
