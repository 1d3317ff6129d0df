// The guided Azure Backup set-up (platform §7: the calls under api/integration/azure).
import { useMutation } from '@tanstack/react-query';
import type {
  AzureApplication,
  AzureSubscriptionItem,
  AzureTenant,
  AzureVaultItem,
  AzureVerifyResponse,
  BackupSourceRow,
} from '@vigil/contract';
import { useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { invalidateBackupSources } from './backupSources';

const base = '/api/integration/azure';

export interface AzureKeyInput {
  Session: string;
  TenantId: string;
  SubscriptionId: string;
  ApplicationId: string;
  AppId: string;
  ServicePrincipalId?: string;
  Vaults: { ResourceGroup: string; Name: string }[];
  Name: string;
}

/** Every helper call is a POST; each answers JSON or the error envelope with errorCode/errorMessage. */
export const azureHelper = {
  verify: (body: { RedirectUri: string; Code?: string; State?: string }) =>
    api.post<AzureVerifyResponse>(`${base}/verify-credentials`, body),
  tenants: (Session: string) => api.post<AzureTenant[]>(`${base}/tenants/get`, { Session }),
  subscriptions: (Session: string, TenantId: string) =>
    api.post<AzureSubscriptionItem[]>(`${base}/subscriptions/get`, { Session, TenantId }),
  subscriptionName: (Session: string, TenantId: string, SubscriptionId: string) =>
    api.post<AzureSubscriptionItem>(`${base}/subscriptions/get-name`, { Session, TenantId, SubscriptionId }),
  vaults: (Session: string, TenantId: string, SubscriptionId: string) =>
    api.post<AzureVaultItem[]>(`${base}/vaults/get`, { Session, TenantId, SubscriptionId }),
  applications: (Session: string, TenantId: string) =>
    api.post<AzureApplication[]>(`${base}/applications/get`, { Session, TenantId }),
  createApplication: (Session: string, TenantId: string) =>
    api.post<AzureApplication>(`${base}/applications/create`, { Session, TenantId }),
  createKey: (body: AzureKeyInput) => api.post<BackupSourceRow>(`${base}/applications/keys/create`, body),
};

/** Creates the app (unless one is chosen), its key and role assignments, and saves the source. */
export function useAzureConnect() {
  const tenant = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: async (input: Omit<AzureKeyInput, 'ApplicationId' | 'AppId'> & { app: AzureApplication | null }) => {
      const { app: chosen, ...rest } = input;
      const app = chosen ?? (await azureHelper.createApplication(input.Session, input.TenantId));
      return azureHelper.createKey({
        ...rest,
        ApplicationId: app.Id,
        AppId: app.AppId,
        ServicePrincipalId: app.ServicePrincipalId ?? undefined,
      });
    },
    onSuccess: () => invalidateBackupSources(tenant),
  });
}
