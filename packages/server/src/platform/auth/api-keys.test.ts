import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey, KeyRateLimiter } from './api-keys.ts';

describe('API keys', () => {
  it('are 256 random bits after the vgl_ prefix; the prefix and the SHA-256 are what is kept', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.prefix).toBe(a.key.slice(0, 12));
    expect(a.hash).toBe(hashApiKey(a.key));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toContain(a.key.slice(4));
  });
});

describe('the per-key rate limit', () => {
  it('allows the limit in a minute, then refuses until the window ends, per key', () => {
    let now = 1_000_000;
    const limiter = new KeyRateLimiter(3, () => now);
    expect([1, 2, 3].map(() => limiter.take(7).remaining)).toEqual([2, 1, 0]);
    expect(limiter.take(7)).toEqual({ allowed: false, remaining: 0, resetSeconds: 60 });
    expect(limiter.take(8).allowed).toBe(true);
    now += 45_500;
    expect(limiter.take(7)).toEqual({ allowed: false, remaining: 0, resetSeconds: 15 });
    now += 14_500;
    expect(limiter.take(7)).toEqual({ allowed: true, remaining: 2, resetSeconds: 60 });
  });
});
