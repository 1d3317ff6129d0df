import { useQuery } from '@tanstack/react-query';
import type { LoginResponse, ScalePadInfo, ScalePadSignupRequest, TokenPair } from '@vigil/contract';
import { api } from './session';

/** GET api/scalepad/info (public): whether sign-in and sign-up through ScalePad are offered. */
export function useScalePadInfo() {
  return useQuery({
    queryKey: ['auth', 'scalepad-info'],
    queryFn: () => api.get<ScalePadInfo>('/api/scalepad/info', { auth: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

// A return from ScalePad carries a code that works once: one exchange per return, however often
// the page renders.
const exchanges = new Map<string, Promise<unknown>>();
function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  let pending = exchanges.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = run();
    exchanges.set(key, pending);
  }
  return pending;
}

/** GET api/scalepad/signin with what ScalePad sent the browser back with. */
export function scalePadSignIn(search: string): Promise<LoginResponse> {
  return once(`signin${search}`, () => api.get<LoginResponse>(`/api/scalepad/signin${search}`, { auth: false }));
}

/** POST api/scalepad/signup: the return from ScalePad and the new organisation's details. */
export function scalePadSignUp(search: string, body: ScalePadSignupRequest): Promise<TokenPair> {
  return once(`signup${search}`, () => api.post<TokenPair>('/api/scalepad/signup', body, { auth: false }));
}

/** The sign-up form, kept while the browser is away at ScalePad. */
const FORM_KEY = 'vigil.scalepad-signup';
export function keepSignupForm(form: { CompanyName: string; TimeZoneId: string }) {
  sessionStorage.setItem(FORM_KEY, JSON.stringify(form));
}
export function takeSignupForm(): { CompanyName?: string; TimeZoneId?: string } {
  const raw = sessionStorage.getItem(FORM_KEY);
  try {
    return raw ? (JSON.parse(raw) as { CompanyName?: string; TimeZoneId?: string }) : {};
  } catch {
    return {};
  }
}
export const forgetSignupForm = () => sessionStorage.removeItem(FORM_KEY);
