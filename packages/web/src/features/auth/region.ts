/**
 * The sign-in page of the region that is home to an account, with the e-mail filled in; null when
 * the address given is not a usable http(s) address.
 */
export function regionSignInUrl(base: string, email: string): string | null {
  let url: URL;
  try {
    url = new URL('/page/login', base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.searchParams.set('email', email);
  return url.toString();
}
