/** Features §9: the promo popover shows 300 ms after the menu opens. */
export const PROMO_DELAY_MS = 300;
