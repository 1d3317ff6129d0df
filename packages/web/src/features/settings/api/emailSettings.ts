import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  EmailAlertSettings,
  EmailSettings,
  EmailSettingsSaveInput,
  EmailSettingsInput,
  EmailSettingsTestResult,
} from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const emailSettingsKeys = {
  all: (t: number | null) => ['email-settings', t] as const,
  list: (t: number | null) => ['email-settings', t, 'list'] as const,
  alerts: (t: number | null) => ['email-settings', t, 'alerts'] as const,
};

/** GET api/email-settings/list: every SMTP setting of the tenant, the default first. */
export function useEmailSettingsList() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({
    queryKey: emailSettingsKeys.list(t),
    queryFn: () => api.get<EmailSettings[]>('/api/email-settings/list'),
  });
}

/** POST api/email-settings: the server connects with the settings first and saves only if that works. */
export function useSaveEmailSettings() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (input: EmailSettingsSaveInput) => api.post<EmailSettings>('/api/email-settings', input),
    onSuccess: () => {
      return queryClient.invalidateQueries({ queryKey: emailSettingsKeys.all(t) });
    },
  });
}

/** POST api/email-settings/test: sends a test message with the settings as typed. */
export function useTestEmailSettings() {
  return useMutation({
    mutationFn: (input: EmailSettingsInput & { TestRecipient: string }) =>
      api.post<EmailSettingsTestResult>('/api/email-settings/test', input),
  });
}

/** DELETE api/email-settings?id=: without a default the tenant's mail goes through the system mail again. */
export function useDeleteEmailSettings() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>('/api/email-settings', undefined, { query: { id } }),
    onSuccess: () => {
      return queryClient.invalidateQueries({ queryKey: emailSettingsKeys.all(t) });
    },
  });
}

/** GET api/email-settings/alerts: which alert e-mails the tenant receives and to whom. */
export function useEmailAlerts() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({
    queryKey: emailSettingsKeys.alerts(t),
    queryFn: () => api.get<EmailAlertSettings>('/api/email-settings/alerts'),
  });
}

export function useSaveEmailAlerts() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (input: EmailAlertSettings) => api.put<EmailAlertSettings>('/api/email-settings/alerts/', input),
    onSuccess: (saved) => queryClient.setQueryData(emailSettingsKeys.alerts(t), saved),
  });
}
