// Which columns of the e-mail and results tables fit the width they have.

/**
 * Which columns of the e-mail list fit the room it has (measured, so an open or collapsed
 * sidebar counts): cards when narrow; then a table that gains the received and tenant columns
 * as it widens. The results column takes about 28% of the width, within 240–400 px.
 */
export function emailTableLayout(width: number, showTenant: boolean) {
  const table = width >= 640;
  const received = width >= 760;
  const tenant = showTenant && width >= 1100;
  return {
    table,
    received,
    tenant,
    resultsWidth: Math.round(Math.min(400, Math.max(240, width * 0.28))),
    /** Expand button, e-mail, state and results, plus the optional ones. */
    columns: 4 + Number(received) + Number(tenant),
  };
}

/**
 * Which columns of a results table fit: stacked cards under 560 px, then the less important
 * columns join as room grows; the vendor column only when the results come from several parsers.
 */
export function resultColumns(width: number, mixedVendors: boolean) {
  return {
    cards: width < 560,
    type: width >= 640,
    started: width >= 760,
    duration: width >= 860,
    size: width >= 860,
    client: width >= 1000,
    vendor: mixedVendors && width >= 1000,
  };
}
