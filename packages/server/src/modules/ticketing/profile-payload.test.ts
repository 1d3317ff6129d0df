import { describe, expect, it } from 'vitest';
import { CrmType, type TicketProfileInput } from '@vigil/contract';
import { checkProfile } from './profile-payload.ts';

/** The profile checks that depend on the PSA type and the deployment (features §5.1). */
const psa = (over: Partial<TicketProfileInput> = {}): TicketProfileInput => ({
  Name: 'P',
  Type: 1,
  GroupBy: 0,
  CatchAllCompany: 7,
  NewTicketStatusId: 1,
  ClosedTicketStatusId: 2,
  ...over,
});
const problems = (input: TicketProfileInput, crmType: number | null, allowHttp = true) =>
  checkProfile(input, { crmType: crmType as never, hasSecret: false, allowHttp }).errors.map((e) => [
    e.Field,
    e.Message,
  ]);

describe('PSA requirements by type', () => {
  it('asks board and priority of Autotask, ConnectWise and Kaseya BMS only', () => {
    for (const type of [CrmType.Autotask, CrmType.ConnectWise, CrmType.KaseyaBms])
      expect(problems(psa(), type)).toEqual([
        ['DefaultCrmBoard', 'Board is required'],
        ['TicketPriority', 'Priority is required'],
      ]);
    for (const type of [CrmType.ServiceNow, CrmType.SyncroMsp]) expect(problems(psa(), type)).toEqual([]);
  });

  it('asks the ticket type of HaloPSA and HaloITSM', () => {
    for (const type of [CrmType.HaloPsa, CrmType.HaloITSM]) {
      expect(problems(psa(), type)).toEqual([['TicketTypeId', 'Ticket type is required']]);
      expect(problems(psa({ TicketTypeId: 4 }), type)).toEqual([]);
    }
  });

  it('keeps Syncro public notes and drops e-mail fields from a PSA profile', () => {
    const { profile } = checkProfile(psa({ PublicNotes: true, Recipients: ['a@b.test'], EmailSettingsId: 3 }), {
      crmType: CrmType.SyncroMsp,
      hasSecret: false,
      allowHttp: true,
    });
    expect(profile.settings.PublicNotes).toBe(true);
    expect(profile.settings.Recipients).toBeUndefined();
    expect(profile.emailSettingsId).toBeNull();
  });
});

describe('webhook URLs', () => {
  const hook = (url: string): TicketProfileInput => ({
    Name: 'W',
    Type: 3,
    GroupBy: 0,
    WebhookUrl: url,
    WebhookSecret: 's',
  });
  it('take plain http only where the deployment allows it', () => {
    expect(problems(hook('http://127.0.0.1:9000/hook'), null, true)).toEqual([]);
    expect(problems(hook('http://127.0.0.1:9000/hook'), null, false)).toEqual([
      ['WebhookUrl', 'Webhook URL must start with https://'],
    ]);
    expect(problems(hook('https://hooks.example.com/a'), null, false)).toEqual([]);
  });
});
