/** What the `results.reading` column holds for a result the generic reader filed. */
export interface StoredReading {
  method: 'generic';
  confidence: number;
  reasons: string[];
}

/** The column's value for a filed result. */
export function storedReading(confidence: number, reasons: string[]): StoredReading {
  return { method: 'generic', confidence, reasons };
}

/** The column as API clients see it (`Reading` on a result); null for results a vendor parser read. */
export function toReading(
  r: StoredReading | null | undefined,
): { Method: 'generic'; Confidence: number; Reasons: string[] } | null {
  if (!r || r.method !== 'generic') return null;
  return {
    Method: 'generic',
    Confidence: Number(r.confidence),
    Reasons: Array.isArray(r.reasons) ? r.reasons.map(String) : [],
  };
}
