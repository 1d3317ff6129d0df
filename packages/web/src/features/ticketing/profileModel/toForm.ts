// A stored ticket profile as the form's values.
import { DEFAULT_TICKET_DESCRIPTION, PROFILE_TYPE_TEXT, type PsaOption, type TicketProfile } from '@vigil/contract';
import type { ProfileFormValues } from './values';

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The default source (features §3.3: SourceId defaults to the source marked default). */
export function defaultSourceId(sources: readonly PsaOption[] | null | undefined): string {
  return sources?.find((s) => s.IsDefault)?.Id ?? '';
}

/**
 * A saved profile as form values (features §3.3 "On load"): ids as strings, the board label
 * mapped back to its id, SourceId defaulting to the default source and the default description
 * shown empty.
 */
export function profileToForm(
  p: TicketProfile,
  boards: readonly PsaOption[] | null | undefined,
  sources: readonly PsaOption[] | null | undefined,
): ProfileFormValues {
  const board = p.DefaultCrmBoard
    ? (boards?.find((b) => b.Name === p.DefaultCrmBoard) ?? boards?.find((b) => b.Id === p.DefaultCrmBoard))
    : undefined;
  return {
    Name: p.Name,
    Type: PROFILE_TYPE_TEXT[p.Type],
    GroupBy: str(p.GroupBy) as ProfileFormValues['GroupBy'],
    CustomSubject: p.CustomSubject ?? '',
    CustomDescription: p.CustomDescription === DEFAULT_TICKET_DESCRIPTION ? '' : (p.CustomDescription ?? ''),
    Recipients: [...(p.Recipients ?? [])],
    EmailSettingsId: str(p.EmailSettingsId),
    IncludeCompanyName: p.IncludeCompanyName ?? true,
    IncludeFailureText: p.IncludeFailureText ?? true,
    IgnoreTicketStatusIds: (p.IgnoreTicketStatusIds ?? []).map(String),
    CatchAllCompany: str(p.CatchAllCompany),
    DefaultCrmBoard: board?.Id ?? '',
    TicketPriority: str(p.TicketPriority),
    TicketCategoryId: str(p.TicketCategoryId),
    NewTicketStatusId: str(p.NewTicketStatusId),
    ClosedTicketStatusId: str(p.ClosedTicketStatusId),
    TypeId: str(p.TypeId),
    SubTypeId: str(p.SubTypeId),
    SourceId: p.SourceId === null || p.SourceId === undefined ? defaultSourceId(sources) : String(p.SourceId),
    TicketTypeId: str(p.TicketTypeId),
    PublicNotes: !!p.PublicNotes,
    ItemId: str(p.ItemId),
    TicketNoteTypeId: str(p.TicketNoteTypeId),
    Category: p.Category ?? '',
    Subcategory: p.Subcategory ?? '',
    Urgency: p.Urgency ?? '',
    Impact: p.Impact ?? '',
    Group: p.Group ?? '',
    Caller: p.Caller ?? '',
    WebhookUrl: p.WebhookUrl ?? '',
    WebhookSecret: '',
  };
}
