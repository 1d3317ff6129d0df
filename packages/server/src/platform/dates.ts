// Timestamps as the API writes them: ISO 8601 in UTC, from a Date or a driver's string.

/** A timestamp that is always set; null becomes '' (a column the API types as a string). */
export function iso(d: Date | string | null): string {
  if (d === null) return '';
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

/** A timestamp that may be missing: null (or undefined) stays null. */
export function isoOrNull(d: Date | string | null | undefined): string | null {
  return d === null || d === undefined ? null : new Date(d).toISOString();
}
