import { HttpError } from '../../platform/errors.ts';
import { urlProblem, type OutboundPolicy } from '../../platform/outbound.ts';

/**
 * Refuses PSA URLs whose host is in a private or local range before anything is tried or saved:
 * a 400 naming the field and the address.
 */
export async function refusePrivatePsaUrls(creds: Record<string, unknown>, policy: OutboundPolicy): Promise<void> {
  const errors: { Field: string; Message: string }[] = [];
  for (const f of ['Url', 'AuthUrl']) {
    const v = creds[f];
    if (typeof v !== 'string' || !v) continue;
    const problem = await urlProblem(v, policy);
    if (problem) errors.push({ Field: `Credentials.${f}`, Message: problem });
  }
  if (errors.length) throw new HttpError(400, errors[0].Message, errors);
}
