// The stored PSA responses of an integration and their download.
import { useQuery } from '@tanstack/react-query';
import type { StoredResponse } from '@vigil/contract';
import { saveBlob } from '../../../lib/download';
import { useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { psaBase as base, psaKeys } from './psaKeys';

export function usePsaResponses(id: number) {
  const auth = useAuth();
  return useQuery({
    queryKey: psaKeys.responses(auth?.tenantId ?? null, id),
    queryFn: () => api.get<StoredResponse[]>(`${base(id)}/responses`),
  });
}

export async function downloadPsaResponse(id: number, r: StoredResponse): Promise<void> {
  const blob = await api.get<Blob>(`${base(id)}/responses/${r.Id}/download`, { responseType: 'blob' });
  saveBlob(blob, `psa-response-${r.Id}.json`);
}
