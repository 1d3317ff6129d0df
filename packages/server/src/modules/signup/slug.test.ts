import { describe, expect, it } from 'vitest';
import { couponSummary, CouponType } from '@vigil/contract';
import { slugFrom } from './tenant-service.ts';
import { couponProblem } from './coupons.ts';
import { signUnsubscribe, verifyUnsubscribe } from '../../platform/unsubscribe.ts';

describe('slugFrom', () => {
  it.each([
    ['Northwind IT', 'northwind-it'],
    ['  Café Réseau & Co. ', 'cafe-reseau-co'],
    ['ACME---Backup!!', 'acme-backup'],
    ['IT', 'it-msp'],
    ['!!!', 'msp'],
    ['A very long managed service provider name indeed', 'a-very-long-managed-service-pr'],
  ])('%j → %s', (name, slug) => {
    expect(slugFrom(name)).toBe(slug);
    expect(slugFrom(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('coupons', () => {
  const base = { id: 1, code: 'X', type: 1, value: 10, description: '', createdAt: new Date() };
  const now = new Date('2026-06-01T12:00:00Z');
  it('are redeemable until their last moment and their last redemption', () => {
    expect(couponProblem({ ...base, maxRedemptions: null, redemptions: 0, expiresAt: null }, now)).toBeNull();
    expect(
      couponProblem({ ...base, maxRedemptions: 2, redemptions: 1, expiresAt: new Date('2026-06-01T12:00:01Z') }, now),
    ).toBeNull();
    expect(couponProblem({ ...base, maxRedemptions: null, redemptions: 0, expiresAt: now }, now)).toBe(
      'This coupon has expired.',
    );
    expect(couponProblem({ ...base, maxRedemptions: 2, redemptions: 2, expiresAt: null }, now)).toBe(
      'This coupon has been fully redeemed.',
    );
    expect(couponProblem(undefined, now)).toBe('This coupon code does not exist.');
  });

  it('say what they give', () => {
    expect(couponSummary(CouponType.PercentOff, 20)).toBe('20% off');
    expect(couponSummary(CouponType.AmountOff, 1500)).toBe('$1,500 off');
    expect(couponSummary(CouponType.ExtraTrialDays, 1)).toBe('1 extra trial day');
  });
});

describe('unsubscribe tokens', () => {
  const secret = 'a-secret-long-enough-for-the-test-of-tokens';
  it('round-trip the lower-cased address and kind, and nothing else verifies', () => {
    const token = signUnsubscribe(secret, ' Pat@Example.TEST ', 'news');
    expect(verifyUnsubscribe(secret, token)).toEqual({ email: 'pat@example.test', type: 'news' });
    expect(verifyUnsubscribe('another-secret-long-enough-for-the-test', token)).toBeNull();
    const badKind = Buffer.from(JSON.stringify({ e: 'pat@example.test', t: 'everything' })).toString('base64url');
    expect(verifyUnsubscribe(secret, `${badKind}.${token.split('.')[1]}`)).toBeNull();
    expect(verifyUnsubscribe(secret, '')).toBeNull();
  });
});
