import { useAuth } from '../../../lib/queries';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const ticketKeys = {
  all: (t: number | null) => ['ticketing', t] as const,
  profiles: (t: number | null) => ['ticketing', t, 'profiles'] as const,
  profileList: (t: number | null, q: unknown) => ['ticketing', t, 'profiles', 'list', q] as const,
  profile: (t: number | null, id: number) => ['ticketing', t, 'profiles', 'one', id] as const,
  dropdown: (t: number | null) => ['ticketing', t, 'profiles', 'dropdown'] as const,
  psa: (t: number | null) => ['ticketing', t, 'psa'] as const,
  rules: (t: number | null) => ['ticketing', t, 'rules'] as const,
  rule: (t: number | null, id: number) => ['ticketing', t, 'rules', id] as const,
  subjects: (t: number | null) => ['ticketing', t, 'subjects'] as const,
  defaultSubjects: (t: number | null) => ['ticketing', t, 'default-subjects'] as const,
  issues: (t: number | null, q: unknown) => ['ticketing', t, 'issues', q] as const,
  details: (t: number | null, id: number) => ['ticketing', t, 'details', id] as const,
  lookup: (t: number | null, crmId: number | null, path: string) => ['ticketing', t, 'lookup', crmId, path] as const,
};

export const useTenantId = () => useAuth()?.tenantId ?? null;
