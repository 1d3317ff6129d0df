// Query keys of the tenant's branding, configuration and account information.

export const brandingKeys = {
  branding: (t: number | null) => ['branding', t] as const,
  config: (t: number | null) => ['tenant-config', t] as const,
  info: (t: number | null) => ['tenant-config', t, 'info'] as const,
};
