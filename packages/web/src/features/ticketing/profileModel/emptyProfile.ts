// An empty ticket profile form, PSA first when the tenant has one.
import type { ProfileFormValues } from './values';

export function emptyProfile(hasPsa: boolean, emailSettingsId = ''): ProfileFormValues {
  return {
    Name: '',
    Type: hasPsa ? 'PSA' : 'Email',
    GroupBy: '',
    CustomSubject: '',
    CustomDescription: '',
    Recipients: [],
    EmailSettingsId: emailSettingsId,
    IncludeCompanyName: true,
    IncludeFailureText: true,
    IgnoreTicketStatusIds: [],
    CatchAllCompany: '',
    DefaultCrmBoard: '',
    TicketPriority: '',
    TicketCategoryId: '',
    NewTicketStatusId: '',
    ClosedTicketStatusId: '',
    TypeId: '',
    SubTypeId: '',
    SourceId: '',
    TicketTypeId: '',
    PublicNotes: false,
    ItemId: '',
    TicketNoteTypeId: '',
    Category: '',
    Subcategory: '',
    Urgency: '',
    Impact: '',
    Group: '',
    Caller: '',
    WebhookUrl: '',
    WebhookSecret: '',
  };
}
