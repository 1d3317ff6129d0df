import { VendorAuthError, VendorError, type VendorContext } from './types.ts';

/**
 * A GET with an OAuth bearer token (and any headers the vendor also wants). A 401 drops the token
 * and tries once more with a new one; a second 401, or a 403, is the vendor refusing the credentials.
 */
export async function bearerGet<T>(
  ctx: VendorContext,
  url: string,
  token: () => string | Promise<string>,
  forget: () => void,
  headers: Record<string, string> = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const bearer = await token();
    try {
      const { data } = await ctx.http.send<T>({
        method: 'GET',
        url,
        headers: { ...headers, Authorization: `Bearer ${bearer}` },
      });
      return data;
    } catch (err) {
      if (err instanceof VendorError && err.status === 401 && attempt === 0) {
        forget();
        continue;
      }
      if (err instanceof VendorError && (err.status === 401 || err.status === 403))
        throw new VendorAuthError(err.message, err.status);
      throw err;
    }
  }
}
