// A change to the form, with the fields that follow from it reset.
import { CrmType, HELPDESK_TYPES } from '@vigil/contract';
import type { ProfileField, ProfileFormValues } from './values';

/**
 * A user's change with the dependent resets of features §5.1: board clears statuses, type,
 * subtype and item; type clears subtype and item; subtype clears item; a help-desk ticket type
 * clears the statuses; a ServiceNow category clears the subcategory and the catch-all company
 * clears the caller. Loading a profile does not go through here, so nothing clears on load.
 */
export function changeProfile(
  v: ProfileFormValues,
  patch: Partial<ProfileFormValues>,
  crmType: number,
): ProfileFormValues {
  const next = { ...v, ...patch };
  const changed = (f: ProfileField) => f in patch && patch[f] !== v[f];
  const clearStatuses = () => {
    next.NewTicketStatusId = '';
    next.ClosedTicketStatusId = '';
    next.IgnoreTicketStatusIds = [];
  };
  if (changed('DefaultCrmBoard')) {
    clearStatuses();
    next.TypeId = '';
    next.SubTypeId = '';
    next.ItemId = '';
  }
  if (changed('TypeId')) {
    next.SubTypeId = '';
    next.ItemId = '';
  }
  if (changed('SubTypeId')) next.ItemId = '';
  if (changed('TicketTypeId') && (HELPDESK_TYPES as readonly number[]).includes(crmType)) clearStatuses();
  if (crmType === CrmType.ServiceNow) {
    if (changed('Category')) next.Subcategory = '';
    if (changed('CatchAllCompany')) next.Caller = '';
  }
  return next;
}
