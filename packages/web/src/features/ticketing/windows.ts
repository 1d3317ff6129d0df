import type { WindowManager } from '../../lib/windows';

/** Editor popups (platform §2): create-profile, edit-profile/{profileId}, edit-rule/{ruleId}. */
export const PROFILE_WINDOW_SIZE = { width: 760, height: 940 };
export const RULE_WINDOW_SIZE = { width: 760, height: 900 };

export const TICKETING_PATH = '/app/ticketing';
export const PROFILES_PATH = `${TICKETING_PATH}/profiles`;

export function profileWindowPath(id: number | null): string {
  return id ? `/window/ticketing/edit-profile/${id}` : '/window/ticketing/create-profile';
}

/** Opens the profile editor popup; false when the browser blocked it. */
export function openProfileWindow(manager: WindowManager, id: number | null): boolean {
  const title = id ? `Edit Ticket Profile #${id}` : 'Create Ticket Profile';
  return !!manager.open(`ticket-profile-${id ?? 'new'}`, profileWindowPath(id), PROFILE_WINDOW_SIZE, title);
}

/** Opens the rule editor popup (ruleId "new" creates one); false when the browser blocked it. */
export function openRuleWindow(manager: WindowManager, id: number | null): boolean {
  const title = id ? `Edit Ticket Rule #${id}` : 'New Ticket Rule';
  return !!manager.open(
    `ticket-rule-${id ?? 'new'}`,
    `/window/ticketing/edit-rule/${id ?? 'new'}`,
    RULE_WINDOW_SIZE,
    title,
  );
}
