/**
 * Settings → User Management: client sign-in, support access grants and user types. The request and
 * response schemas of these calls live in api-users.ts; this file holds their messages and choices.
 */

/** The lengths, in days, a tenant may let platform support staff in for (the screen offers only these). */
export const SupportAccessDays = [1, 3, 7, 14, 30] as const;

export const UserTypeMessages = {
  ownType: 'You cannot change the type of your own account',
  administrator: 'Administrators cannot change type; make them standard users first',
} as const;
