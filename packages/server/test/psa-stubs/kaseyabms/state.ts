/** The data a Kaseya BMS stand-in holds, its credentials, and what it starts with. */

export interface BmsLookup {
  Id: number;
  Name: string;
  IsActive?: boolean;
  IsDefault?: boolean;
}
export interface BmsStubAccount {
  Id: number;
  AccountName: string;
  AccountCode: string;
  AccountTypeId: number | null;
  IsActive: boolean;
  Locations: { Id: number; Name: string; IsMain: boolean }[];
}
export interface BmsStubNote {
  Id: number;
  Details: string;
  IsInternal: boolean;
  TypeId: number;
  NoteDate: string;
  CreatedOn: string;
  CreatedByName: string;
}
export interface BmsStubTicket {
  Id: number;
  TicketNumber: string;
  Title: string;
  Details: string;
  AccountId: number;
  AccountName: string;
  LocationId: number;
  QueueId: number | null;
  StatusId: number;
  StatusName: string;
  PriorityId: number;
  TypeId: number;
  IssueTypeId: number | null;
  SubIssueTypeId: number | null;
  SourceId: number;
  OpenDate: string;
  CreatedOn: string;
  CompletedDate: string | null;
  notes: BmsStubNote[];
  statusHistory: number[];
}

export interface KaseyaBmsStubState {
  tenant: string;
  userName: string;
  password: string;
  /** Tokens the stub has issued and still honours (clear it to simulate expiry). */
  tokens: Set<string>;
  /** Page-size cap, small by default so a handful of accounts spans pages. */
  maxPageSize: number;
  accounts: BmsStubAccount[];
  accountTypes: (BmsLookup & { IsClient?: boolean; IsVendor?: boolean })[];
  queues: BmsLookup[];
  priorities: BmsLookup[];
  statuses: (BmsLookup & { StatusOrder: number; Closed: boolean })[];
  issueTypes: (BmsLookup & { subTypes: BmsLookup[] })[];
  /** Generic lookup tables of `GET /v2/system/lookup/{tableName}`. */
  tables: Record<string, BmsLookup[]>;
  tickets: BmsStubTicket[];
  nextTicketId: number;
  nextNoteId: number;
}

export type KaseyaBmsStubSeed = Partial<Omit<KaseyaBmsStubState, 'tokens'>> & { port?: number };

/** Credentials (as the integration form holds them) that the stub accepts. */
export function kaseyaBmsStubCredentials(url: string) {
  return { Url: url, Tenant: 'Vigil MSP', UserName: 'api.vigil@example.com', Password: 'bms-password-1' };
}

export function defaultState(): KaseyaBmsStubState {
  const c = kaseyaBmsStubCredentials('');
  const acct = (
    Id: number,
    AccountName: string,
    AccountCode: string,
    AccountTypeId: number | null,
    IsActive = true,
  ) => ({
    Id,
    AccountName,
    AccountCode,
    AccountTypeId,
    IsActive,
    Locations: [
      { Id: Id * 10 + 1, Name: 'Branch', IsMain: false },
      { Id: Id * 10, Name: 'Head office', IsMain: true },
    ],
  });
  return {
    tenant: c.Tenant,
    userName: c.UserName,
    password: c.Password,
    tokens: new Set(),
    maxPageSize: 4,
    accounts: [
      acct(301, 'Acme Corporation', 'ACME', 1),
      acct(302, 'Globex Inc', 'GLOBEX', 1),
      acct(303, 'Initech', 'INITECH', 2),
      acct(304, 'Umbrella Health', 'UMBRELLA', 1, false),
      acct(305, 'Hooli', 'HOOLI', 3),
      acct(306, 'Wayne Enterprises', 'WAYNE', null),
    ],
    accountTypes: [
      { Id: 1, Name: 'Customer', IsActive: true, IsClient: true },
      { Id: 2, Name: 'Partner', IsActive: true },
      { Id: 3, Name: 'Prospect', IsActive: false },
    ],
    queues: [
      { Id: 7, Name: 'Service Desk', IsActive: true },
      { Id: 8, Name: 'Monitoring', IsActive: true },
      { Id: 9, Name: 'Retired', IsActive: false },
    ],
    priorities: [
      { Id: 1, Name: 'Critical' },
      { Id: 2, Name: 'High' },
      { Id: 3, Name: 'Medium', IsDefault: true },
      { Id: 4, Name: 'Low' },
    ],
    statuses: [
      { Id: 1, Name: 'New', StatusOrder: 1, Closed: false, IsActive: true },
      { Id: 2, Name: 'In Progress', StatusOrder: 2, Closed: false, IsActive: true },
      { Id: 3, Name: 'Completed', StatusOrder: 3, Closed: true, IsActive: true },
      { Id: 4, Name: 'Waiting Customer', StatusOrder: 4, Closed: false, IsActive: true },
      { Id: 5, Name: 'Archived', StatusOrder: 5, Closed: false, IsActive: false },
    ],
    issueTypes: [
      {
        Id: 11,
        Name: 'Backup',
        IsActive: true,
        subTypes: [
          { Id: 111, Name: 'Failed job' },
          { Id: 112, Name: 'Missed schedule' },
        ],
      },
      { Id: 12, Name: 'Hardware', IsActive: true, subTypes: [{ Id: 121, Name: 'Disk' }] },
    ],
    tables: {
      tickettypes: [
        { Id: 1, Name: 'Service Request', IsActive: true },
        { Id: 2, Name: 'Incident', IsActive: true, IsDefault: true },
        { Id: 3, Name: 'Problem', IsActive: true },
      ],
      notetypes: [
        { Id: 4, Name: 'Internal Note', IsActive: true, IsDefault: true },
        { Id: 6, Name: 'Client Update', IsActive: true },
      ],
    },
    tickets: [],
    nextTicketId: 9001,
    nextNoteId: 70001,
  };
}
