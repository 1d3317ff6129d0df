import { checkPermissions, hasPrivilege, type Operator } from '@vigil/contract';
import { useAuth, useAuthorizedUser } from './queries';

/** Whether the signed-in user holds these permissions (platform §6: and/or; loading passes). */
export function usePermissions(permissions: readonly string[], operator: Operator = 'and'): boolean {
  const user = useAuthorizedUser();
  return checkPermissions(user.data?.Permissions, permissions, operator);
}

/** Whether the signed-in user's privilege mask overlaps `mask`. */
export function usePrivilege(mask: number): boolean {
  const auth = useAuth();
  return hasPrivilege(auth?.privileges ?? 0, mask);
}
