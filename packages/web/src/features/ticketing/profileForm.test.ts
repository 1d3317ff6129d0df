import { describe, expect, it } from 'vitest';
import { CrmType, DEFAULT_TICKET_DESCRIPTION, type PsaOption, type TicketProfile } from '@vigil/contract';
import { changeProfile, emptyProfile, formToPayload, profileToForm, validateProfile } from './profileForm';

const boards: PsaOption[] = [
  { Id: '11', Name: 'Service Desk' },
  { Id: '12', Name: 'Backups' },
];
const sources: PsaOption[] = [
  { Id: '1', Name: 'Phone' },
  { Id: '4', Name: 'Monitoring', IsDefault: true },
];

function saved(patch: Partial<TicketProfile>): TicketProfile {
  return {
    Id: 7,
    Name: 'Backups to CW',
    Type: 1,
    GroupBy: 1,
    CustomSubject: null,
    CustomDescription: DEFAULT_TICKET_DESCRIPTION,
    Recipients: [],
    EmailSettingsId: null,
    IncludeCompanyName: true,
    IncludeFailureText: false,
    CrmSourceId: 3,
    IgnoreTicketStatusIds: [5, 6],
    CatchAllCompany: 40,
    DefaultCrmBoard: 'Backups',
    TicketPriority: 8,
    TicketCategoryId: null,
    NewTicketStatusId: 101,
    ClosedTicketStatusId: 109,
    TypeId: 2,
    SubTypeId: 3,
    SourceId: null,
    TicketTypeId: null,
    PublicNotes: null,
    ItemId: 4,
    TicketNoteTypeId: null,
    Category: null,
    Subcategory: null,
    Urgency: null,
    Impact: null,
    Group: null,
    Caller: null,
    WebhookUrl: null,
    CrmTypeId: CrmType.ConnectWise,
    HasWebhookSecret: false,
    RulesCount: 0,
    CreatedAt: '2026-01-01T00:00:00Z',
    UpdatedAt: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

describe('profileToForm', () => {
  it('holds ids as strings, maps the board label to its id, defaults the source and hides the default description', () => {
    const f = profileToForm(saved({}), boards, sources);
    expect(f.Type).toBe('PSA');
    expect(f.GroupBy).toBe('1');
    expect(f.DefaultCrmBoard).toBe('12');
    expect(f.IgnoreTicketStatusIds).toEqual(['5', '6']);
    expect(f.NewTicketStatusId).toBe('101');
    expect(f.SourceId).toBe('4');
    expect(f.CustomDescription).toBe('');
  });

  it('keeps a saved source and a custom description', () => {
    const f = profileToForm(saved({ SourceId: 1, CustomDescription: 'Look at {group}' }), boards, sources);
    expect(f.SourceId).toBe('1');
    expect(f.CustomDescription).toBe('Look at {group}');
  });
});

describe('formToPayload', () => {
  it('sends PSA ids as numbers, the board label, the CRM source and the default description for an empty one', () => {
    const f = { ...profileToForm(saved({}), boards, sources), TicketCategoryId: '  ', Category: '' };
    const p = formToPayload(f, { boards, crmSourceId: 3 });
    expect(p).toMatchObject({
      Type: 1,
      GroupBy: 1,
      DefaultCrmBoard: 'Backups',
      CrmSourceId: 3,
      TicketPriority: 8,
      NewTicketStatusId: 101,
      IgnoreTicketStatusIds: [5, 6],
      SourceId: 4,
      TicketCategoryId: null,
      Category: null,
      CustomDescription: DEFAULT_TICKET_DESCRIPTION,
      CustomSubject: null,
    });
  });

  it('sends only the e-mail fields for an e-mail profile, with the default SMTP placeholder as null', () => {
    const f = {
      ...emptyProfile(false),
      Name: ' Mail ',
      GroupBy: '0' as const,
      Recipients: ['a@b.co'],
      TicketPriority: '3',
    };
    const p = formToPayload(f, { boards, crmSourceId: 3 });
    expect(Object.keys(p).sort()).toEqual(
      [
        'CustomSubject',
        'EmailSettingsId',
        'GroupBy',
        'IncludeCompanyName',
        'IncludeFailureText',
        'Name',
        'Recipients',
        'Type',
      ].sort(),
    );
    expect(p).toMatchObject({ Name: 'Mail', Type: 2, GroupBy: 0, EmailSettingsId: null });
  });
});

describe('validateProfile', () => {
  it('requires board and priority for ConnectWise but not for SyncroMSP', () => {
    const f = { ...emptyProfile(true), Name: 'x', GroupBy: '0' as const };
    const cw = validateProfile(f, CrmType.ConnectWise);
    expect(Object.keys(cw).sort()).toEqual(
      ['CatchAllCompany', 'ClosedTicketStatusId', 'DefaultCrmBoard', 'NewTicketStatusId', 'TicketPriority'].sort(),
    );
    const syncro = validateProfile(f, CrmType.SyncroMsp);
    expect(syncro.DefaultCrmBoard).toBeUndefined();
    expect(syncro.NewTicketStatusId).toBe('New ticket status is required');
  });

  it('requires the ticket type for Halo', () => {
    const f = { ...emptyProfile(true), Name: 'x', GroupBy: '0' as const };
    expect(validateProfile(f, CrmType.HaloPsa).TicketTypeId).toBe('Ticket type is required');
    expect(validateProfile(f, CrmType.ConnectWise).TicketTypeId).toBeUndefined();
  });

  it('asks for a webhook secret only when none is stored', () => {
    const f = { ...emptyProfile(false), Name: 'x', GroupBy: '2' as const, Type: 'Webhook' as const };
    const hook = { ...f, WebhookUrl: 'https://hooks.example/vigil' };
    expect(validateProfile(hook, 0).WebhookSecret).toBe('Signing secret is required');
    expect(validateProfile(hook, 0, {}, { hasWebhookSecret: true })).toEqual({});
    expect(validateProfile({ ...f, WebhookUrl: 'ftp://x' }, 0, {}, { hasWebhookSecret: true }).WebhookUrl).toBeTruthy();
  });

  it('names the first invalid recipient with the spec message', () => {
    const f = { ...emptyProfile(false), Name: 'x', GroupBy: '1' as const, Recipients: ['ok@x.io', 'nope'] };
    expect(validateProfile(f, 0).Recipients).toBe('nope in not valid email');
    expect(validateProfile({ ...f, Recipients: [] }, 0).Recipients).toBe('Add at least one recipient');
  });
});

describe('changeProfile', () => {
  const loaded = profileToForm(saved({}), boards, sources);

  it('clears statuses, type, subtype and item when the board changes', () => {
    const n = changeProfile(loaded, { DefaultCrmBoard: '11' }, CrmType.ConnectWise);
    expect(n).toMatchObject({ NewTicketStatusId: '', ClosedTicketStatusId: '', TypeId: '', SubTypeId: '', ItemId: '' });
    expect(n.IgnoreTicketStatusIds).toEqual([]);
    expect(n.TicketPriority).toBe('8');
  });

  it('clears subtype and item with the type, and item with the subtype', () => {
    expect(changeProfile(loaded, { TypeId: '9' }, CrmType.ConnectWise)).toMatchObject({ SubTypeId: '', ItemId: '' });
    const s = changeProfile(loaded, { SubTypeId: '9' }, CrmType.ConnectWise);
    expect(s).toMatchObject({ TypeId: '2', ItemId: '' });
  });

  it('clears nothing when the value does not change', () => {
    expect(changeProfile(loaded, { DefaultCrmBoard: '12' }, CrmType.ConnectWise)).toEqual(loaded);
  });

  it('clears the statuses with the Halo ticket type and the ServiceNow dependants', () => {
    expect(changeProfile(loaded, { TicketTypeId: '3' }, CrmType.HaloITSM).NewTicketStatusId).toBe('');
    expect(changeProfile(loaded, { TicketTypeId: '3' }, CrmType.ConnectWise).NewTicketStatusId).toBe('101');
    const sn = { ...loaded, Category: 'software', Subcategory: 'os', Caller: 'abc' };
    expect(changeProfile(sn, { Category: 'network' }, CrmType.ServiceNow).Subcategory).toBe('');
    expect(changeProfile(sn, { CatchAllCompany: '41' }, CrmType.ServiceNow).Caller).toBe('');
  });
});
