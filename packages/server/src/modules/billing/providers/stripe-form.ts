/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with nested keys written as
 * `items[0][price]=…`. An empty string clears a field (used to lift `pause_collection`).
 */
export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

export function encodeForm(params: Record<string, FormValue>): string {
  const out = new URLSearchParams();
  const walk = (key: string, value: FormValue) => {
    if (value === undefined) return;
    if (value === null) out.append(key, '');
    else if (Array.isArray(value)) value.forEach((v, i) => walk(`${key}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    else out.append(key, String(value));
  };
  for (const [k, v] of Object.entries(params)) walk(k, v);
  return out.toString();
}
