// The wire side of the API client: request bodies, reading answers, URLs, and which calls are sign-ins.
import type { FetchLike, QueryValue, RequestOptions } from './apiTypes';

/** A FormData body (file uploads) goes as multipart/form-data with the browser's boundary. */
export function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

/** Calls that must never trigger a refresh: the sign-in and refresh calls themselves. */
export function isSignInCall(path: string): boolean {
  const p = path.split('?')[0].replace(/\/+$/, '').toLowerCase();
  return p.endsWith('/api/userauth/login');
}

export interface Received {
  status: number;
  statusText: string;
  ok: boolean;
  data: unknown;
}

export async function readBody(res: Response, responseType: RequestOptions['responseType'] = 'auto'): Promise<unknown> {
  if (res.ok && responseType === 'blob') return res.blob();
  if (res.status === 204) return undefined;
  if (res.ok && responseType === 'text') return res.text();
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** `base` + `path`, with the query's set values (null and undefined are left out). */
export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** One call on the wire: JSON (or multipart for a FormData body), with the bearer token when there is one. */
export async function sendRequest(
  fetchImpl: FetchLike,
  url: string,
  method: string,
  options: RequestOptions,
  token?: string,
): Promise<Received> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const form = isFormData(options.body);
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetchImpl(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  const data = await readBody(res, options.responseType);
  return { status: res.status, statusText: res.statusText, ok: res.ok, data };
}
