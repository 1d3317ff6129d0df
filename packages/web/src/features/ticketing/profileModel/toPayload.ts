// The form's values as the body the ticket profile API takes.
import {
  DEFAULT_TICKET_DESCRIPTION,
  type PsaOption,
  type TicketGroupByValue,
  type TicketProfileInput,
} from '@vigil/contract';
import { idOrNull, TYPE_NUMBER, type ProfileFormValues } from './values';

const textOrNull = (v: string) => (v.trim() ? v.trim() : null);

/**
 * The saved payload (features §3.3): numbers for Type and GroupBy, ids as numbers or null,
 * blank strings null; Email sends only its own fields; PSA sends the board's label and the
 * CRM source; an empty PSA description becomes the default description.
 */
export function formToPayload(
  v: ProfileFormValues,
  ctx: { boards: readonly PsaOption[] | null | undefined; crmSourceId: number | null },
): TicketProfileInput {
  const base = {
    Name: v.Name.trim(),
    Type: TYPE_NUMBER[v.Type],
    GroupBy: Number(v.GroupBy) as TicketGroupByValue,
    CustomSubject: textOrNull(v.CustomSubject),
  };
  if (v.Type === 'Email') {
    return {
      ...base,
      Recipients: v.Recipients.map((r) => r.trim()),
      IncludeCompanyName: v.IncludeCompanyName,
      IncludeFailureText: v.IncludeFailureText,
      EmailSettingsId: idOrNull(v.EmailSettingsId),
    };
  }
  if (v.Type === 'Webhook') {
    return {
      ...base,
      CustomDescription: textOrNull(v.CustomDescription),
      IncludeCompanyName: v.IncludeCompanyName,
      IncludeFailureText: v.IncludeFailureText,
      WebhookUrl: textOrNull(v.WebhookUrl),
      WebhookSecret: textOrNull(v.WebhookSecret),
    };
  }
  const board = ctx.boards?.find((b) => b.Id === v.DefaultCrmBoard);
  return {
    ...base,
    CustomDescription: textOrNull(v.CustomDescription) ?? DEFAULT_TICKET_DESCRIPTION,
    CrmSourceId: ctx.crmSourceId,
    IncludeFailureText: v.IncludeFailureText,
    IgnoreTicketStatusIds: v.IgnoreTicketStatusIds.map(Number).filter((n) => Number.isInteger(n)),
    CatchAllCompany: idOrNull(v.CatchAllCompany),
    DefaultCrmBoard: board ? board.Name : textOrNull(v.DefaultCrmBoard),
    TicketPriority: idOrNull(v.TicketPriority),
    TicketCategoryId: idOrNull(v.TicketCategoryId),
    NewTicketStatusId: idOrNull(v.NewTicketStatusId),
    ClosedTicketStatusId: idOrNull(v.ClosedTicketStatusId),
    TypeId: idOrNull(v.TypeId),
    SubTypeId: idOrNull(v.SubTypeId),
    SourceId: idOrNull(v.SourceId),
    TicketTypeId: idOrNull(v.TicketTypeId),
    PublicNotes: v.PublicNotes,
    ItemId: idOrNull(v.ItemId),
    TicketNoteTypeId: idOrNull(v.TicketNoteTypeId),
    Category: textOrNull(v.Category),
    Subcategory: textOrNull(v.Subcategory),
    Urgency: textOrNull(v.Urgency),
    Impact: textOrNull(v.Impact),
    Group: textOrNull(v.Group),
    Caller: textOrNull(v.Caller),
  };
}
