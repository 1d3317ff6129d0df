import { BillingProvider } from '@vigil/contract';
import { ProviderError, type BillingProviderClient } from './provider.ts';

const unsupported = (): never => {
  throw new ProviderError('No billing provider is configured: plans are changed directly.', 400, 'not_configured');
};

/**
 * Provider "None" (-1), the embedded default: no payment system behind the plans. Plan changes
 * apply at once, and invoices exist only when recorded (by the seed or the platform team).
 */
export const noneProvider: BillingProviderClient = {
  id: BillingProvider.None,
  name: 'None',
  hasCheckout: false,
  hasPortal: false,
  ensureCustomer: async () => unsupported(),
  checkoutSession: async () => unsupported(),
  // Vigil works out the discounted charge itself (BillingService.plan → NextCharge).
  ensureCoupon: async () => null,
  portalSession: async () => unsupported(),
  getSubscription: async () => unsupported(),
  changePrice: async () => unsupported(),
  pause: async () => unsupported(),
  resume: async () => unsupported(),
  listInvoices: async () => [],
};
