/** Privilege bit mask of platform §6. A user has a role when its mask overlaps the role flag. */
export const Privilege = {
  superAdmin: 1,
  successAdmin: 2,
  billingAdmin: 4,
  salesAdmin: 8,
  allAdmins: 15,
  successAdminOrHigher: 3,
  billingAdminOrHigher: 7,
  salesAdminOrHigher: 15,
  tenantAdmin: 1024,
  tenantStandard: 2048,
  tenantClient: 4096,
  tenantAdminOrStandard: 3072,
  tenantUsers: 7168,
} as const;

export type PrivilegeName = keyof typeof Privilege;

/** The base 'user' role (0) is always allowed; otherwise the masks must overlap. */
export function hasPrivilege(mask: number, required: number): boolean {
  if (required === 0) return true;
  return (mask & required) !== 0;
}

export const PrivilegeLabels: Record<number, string> = {
  [Privilege.tenantAdmin]: 'Tenant Admin',
  [Privilege.tenantStandard]: 'Standard User',
  [Privilege.tenantClient]: 'Client',
  [Privilege.superAdmin]: 'Super',
  [Privilege.successAdmin]: 'Success',
  [Privilege.billingAdmin]: 'Billing',
  [Privilege.salesAdmin]: 'Sales',
};

/** The display names of every role flag present in a mask. */
export function privilegeNames(mask: number): string[] {
  return Object.entries(PrivilegeLabels)
    .filter(([flag]) => (mask & Number(flag)) !== 0)
    .map(([, label]) => label);
}

/** User level of platform §3: Disabled, Client, Standard, Administrator. */
export const UserLevel = { Disabled: 0, Client: 1, Standard: 2, Administrator: 3 } as const;
export type UserLevel = (typeof UserLevel)[keyof typeof UserLevel];

export function privilegeForLevel(level: UserLevel): number {
  switch (level) {
    case UserLevel.Administrator:
      return Privilege.tenantAdmin;
    case UserLevel.Standard:
      return Privilege.tenantStandard;
    case UserLevel.Client:
      return Privilege.tenantClient;
    default:
      return 0;
  }
}
