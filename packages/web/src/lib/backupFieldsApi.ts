import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdditionalBackupField, AdditionalFieldType } from '@vigil/contract';
import { useTenantId } from './auditApi';
import { queryClient } from './queries';
import { api } from './session';

const URL = '/api/common/user-filters/additional-backup-fields';
const fieldsKey = (t: number | null) => ['backup-fields', t] as const;
const valuesKey = (t: number | null, id: number) => ['backup-field-values', t, id] as const;

export interface FieldDraft {
  Id?: number;
  Name: string;
  Type: AdditionalFieldType;
  Choices?: string[];
}

/** GET …/additional-backup-fields: the tenant's extra backup fields. */
export function useAdditionalFields() {
  const t = useTenantId();
  return useQuery({
    queryKey: fieldsKey(t),
    queryFn: ({ signal }) => api.get<AdditionalBackupField[]>(URL, { signal }),
  });
}

/** POST …/additional-backup-fields: the whole set of fields (those left out are removed). */
export function useSaveAdditionalFields() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (Fields: FieldDraft[]) => api.post<AdditionalBackupField[]>(URL, { Fields }),
    onSuccess: (fields) => {
      queryClient.setQueryData(fieldsKey(t), fields);
      void queryClient.invalidateQueries({ queryKey: ['backup-field-values', t] });
    },
  });
}

/** A backup's values of the extra fields (GET api/backups/{id}), by field id. */
export function useBackupFieldValues(backupId: number) {
  const t = useTenantId();
  return useQuery({
    queryKey: valuesKey(t, backupId),
    queryFn: async ({ signal }) =>
      (await api.get<{ AdditionalFields: Record<string, string> }>(`/api/backups/${backupId}`, { signal }))
        .AdditionalFields,
  });
}

/** PUT api/backups/{id} with the extra fields only; an empty value clears one. */
export function useSaveBackupFieldValues(backupId: number) {
  const t = useTenantId();
  return useMutation({
    mutationFn: (values: Record<string, string | null>) =>
      api.put<{ AdditionalFields: Record<string, string> }>(`/api/backups/${backupId}`, { AdditionalFields: values }),
    onSuccess: (r) => queryClient.setQueryData(valuesKey(t, backupId), r.AdditionalFields),
  });
}
