import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  EmailAlertSettings,
  EmailSettings,
  EmailSettingsSaveInput,
  EmailSettingsInput,
  EmailSettingsTestResult,
} from '@vigil/contract';
import { ApiError } from '../../../lib/errors';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const emailSettingsKeys = {
  all: (t: number | null) => ['email-settings', t] as const,
  current: (t: number | null) => ['email-settings', t, 'current'] as const,
  alerts: (t: number | null) => ['email-settings', t, 'alerts'] as const,
};

/** GET api/email-settings: the tenant's own SMTP setting, or null while it uses the system mail. */
export function useEmailSettings() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({
    queryKey: emailSettingsKeys.current(t),
    queryFn: async () => {
      try {
        const v = await api.get<EmailSettings | EmailSettings[] | null | ''>('/api/email-settings');
        if (Array.isArray(v)) return v.find((x) => x.IsDefault) ?? v[0] ?? null;
        return v || null;
      } catch (err) {
        // No setting stored: the tenant's mail goes through the system server.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

/** POST api/email-settings: the server connects with the settings first and saves only if that works. */
export function useSaveEmailSettings() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (input: EmailSettingsSaveInput) => api.post<EmailSettings>('/api/email-settings', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(emailSettingsKeys.current(t), saved);
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

/** DELETE api/email-settings?id=: back to the system mail. */
export function useDeleteEmailSettings() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>('/api/email-settings', undefined, { query: { id } }),
    onSuccess: () => {
      queryClient.setQueryData(emailSettingsKeys.current(t), null);
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
