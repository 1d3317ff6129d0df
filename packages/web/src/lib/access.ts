import { checkPermissions, hasPrivilege, type Operator, type PermissionMap } from '@vigil/contract';

/** What a menu entry or a route asks of the user (platform §2 guards, §6). */
export interface Access {
  /** `controller.action` entries; combined with `operator` (default 'and'). */
  permissions?: readonly string[];
  operator?: Operator;
  /** A privilege mask the user's mask must overlap (0 or absent: any user). */
  privilege?: number;
  /** A feature flag that must be on. */
  flag?: string;
  /** Any further condition (for example "flag on and a tenant setting off"). */
  when?: (ctx: AccessContext) => boolean;
}

export interface AccessContext {
  /** Undefined while not loaded: permission checks then pass (platform §6). */
  permissions?: PermissionMap;
  privileges: number;
  flags: Record<string, boolean>;
  /** The tenant's backup-plans setting (platform §2: Audit hides when the flag is on and this is off). */
  backupPlansOn?: boolean;
}

export function canAccess(access: Access | undefined, ctx: AccessContext): boolean {
  if (!access) return true;
  if (access.privilege && !hasPrivilege(ctx.privileges, access.privilege)) return false;
  if (access.flag && !ctx.flags[access.flag]) return false;
  if (!checkPermissions(ctx.permissions, access.permissions, access.operator ?? 'and')) return false;
  if (access.when && !access.when(ctx)) return false;
  return true;
}
