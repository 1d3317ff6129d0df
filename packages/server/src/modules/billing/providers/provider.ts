/**
 * What the billing screens need from a billing provider (SubscriptionBillingProvider of platform
 * §4). "None" bills nothing and switches plans at once; Stripe sells plans through its checkout,
 * keeps the subscription and sends invoices back by webhook.
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** trialing, active, paused, past_due, canceled (Stripe's incomplete states read as past_due). */
  status: string;
  priceId: string | null;
  itemId: string | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  /** Collection is paused (Stripe `pause_collection`). */
  paused: boolean;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  number: string;
  status: string;
  amountCents: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  issuedAt: Date;
  paidAt: Date | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
  lines: { description: string; quantity: number; amountCents: number }[];
}

/** A sign-up coupon as a provider needs it (CouponType 1 percent off, 2 amount off in whole US dollars). */
export interface ProviderCoupon {
  id: number;
  code: string;
  type: number;
  value: number;
}

export interface CheckoutRequest {
  customerId: string;
  priceId: string;
  tenantId: number;
  planHandle: string;
  /** The provider's coupon to apply to the new subscription. */
  couponId?: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface BillingProviderClient {
  /** SubscriptionBillingProvider value stored on the subscription. */
  readonly id: number;
  readonly name: string;
  /** Plans are bought through a hosted checkout page. */
  readonly hasCheckout: boolean;
  /** Customers manage payment methods on a hosted portal. */
  readonly hasPortal: boolean;
  /** The provider's customer for a tenant, created when there is none yet. */
  ensureCustomer(tenant: { id: number; name: string; email: string | null }, existing: string | null): Promise<string>;
  checkoutSession(req: CheckoutRequest): Promise<string>;
  /**
   * The provider's copy of a sign-up coupon (made on first use), or null when the provider has
   * no coupons of its own and Vigil takes the discount off the charges itself.
   */
  ensureCoupon(coupon: ProviderCoupon): Promise<string | null>;
  portalSession(customerId: string, returnUrl: string): Promise<string>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  changePrice(subscriptionId: string, priceId: string): Promise<ProviderSubscription>;
  pause(subscriptionId: string): Promise<ProviderSubscription>;
  resume(subscriptionId: string): Promise<ProviderSubscription>;
  listInvoices(customerId: string): Promise<ProviderInvoice[]>;
}

/** A provider refused or could not be reached; the message is safe to show. */
export class ProviderError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly type: string,
  ) {
    super(message);
  }
}
