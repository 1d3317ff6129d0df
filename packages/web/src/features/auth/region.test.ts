import { describe, expect, it } from 'vitest';
import { regionSignInUrl } from './region';

describe('regionSignInUrl', () => {
  it('is the region’s sign-in page with the e-mail filled in', () => {
    expect(regionSignInUrl('https://eu.vigil.example/', 'ann+1@example.test')).toBe(
      'https://eu.vigil.example/page/login?email=ann%2B1%40example.test',
    );
  });

  it('refuses an address that is not http(s)', () => {
    expect(regionSignInUrl('javascript:alert(1)', 'a@b.test')).toBeNull();
    expect(regionSignInUrl('not a url', 'a@b.test')).toBeNull();
  });
});
