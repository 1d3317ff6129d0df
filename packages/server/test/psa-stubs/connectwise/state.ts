/** The data a ConnectWise Manage stand-in holds, and what it starts with. */

export interface CwRef {
  id: number;
  name: string;
}
export interface CwStubCompany {
  id: number;
  identifier: string;
  name: string;
  status: CwRef;
  types: CwRef[];
  deletedFlag?: boolean;
}
export interface CwStubStatus extends CwRef {
  closedStatus: boolean;
  defaultFlag?: boolean;
  inactive?: boolean;
  sortOrder: number;
}
export interface CwStubBoard extends CwRef {
  inactiveFlag?: boolean;
  statuses: CwStubStatus[];
  types: (CwRef & { inactiveFlag?: boolean })[];
  subtypes: (CwRef & { inactiveFlag?: boolean })[];
  items: (CwRef & { inactiveFlag?: boolean })[];
  /** Which sub-types and items go with which type on this board. */
  associations: { id: number; type: CwRef; subType: CwRef | null; item: CwRef | null }[];
}
export interface CwStubNote {
  id: number;
  ticketId: number;
  text: string;
  detailDescriptionFlag: boolean;
  internalAnalysisFlag: boolean;
  resolutionFlag: boolean;
  dateCreated: string;
  createdBy: string;
}
export interface CwStubTicket {
  id: number;
  summary: string;
  recordType: string;
  board: CwRef;
  company: { id: number; identifier: string; name: string };
  status: CwRef;
  priority: CwRef | null;
  type: CwRef | null;
  subType: CwRef | null;
  item: CwRef | null;
  source: CwRef | null;
  closedFlag: boolean;
  dateEntered: string;
  closedDate: string | null;
  notes: CwStubNote[];
  /** Every status the ticket went through, oldest first. */
  statusHistory: number[];
}

export interface ConnectWiseStubState {
  companyId: string;
  publicKey: string;
  privateKey: string;
  clientId: string;
  /** As `login/companyinfo` answers it, with the trailing slash. */
  codebase: string;
  /** The server's page-size cap. Manage caps at 1000; the default here is small so a few companies span pages. */
  maxPageSize: number;
  companies: CwStubCompany[];
  companyTypes: (CwRef & { defaultFlag?: boolean })[];
  companyStatuses: (CwRef & { inactiveFlag: boolean; defaultFlag?: boolean })[];
  boards: CwStubBoard[];
  priorities: (CwRef & { sortOrder: number; defaultFlag?: boolean })[];
  sources: (CwRef & { defaultFlag?: boolean })[];
  tickets: CwStubTicket[];
  nextTicketId: number;
  nextNoteId: number;
}

export type ConnectWiseStubSeed = Partial<ConnectWiseStubState> & { port?: number };

/** Credentials (as the integration form holds them) that the stub accepts. */
export function connectWiseStubCredentials(url: string) {
  return {
    Url: url,
    CompanyId: 'vigilmsp',
    PublicKey: 'cw-public-key',
    PrivateKey: 'cw-private-key',
    ClientId: 'c0ffee00-0000-4000-8000-000000000001',
  };
}

export function defaultState(): ConnectWiseStubState {
  const types = [
    { id: 1, name: 'Customer', defaultFlag: true },
    { id: 2, name: 'Prospect' },
    { id: 3, name: 'Vendor' },
  ];
  const statuses = [
    { id: 1, name: 'Active', inactiveFlag: false, defaultFlag: true },
    { id: 2, name: 'Inactive', inactiveFlag: true },
    { id: 3, name: 'Credit Hold', inactiveFlag: false },
  ];
  const co = (id: number, identifier: string, name: string, status: number, typeIds: number[]): CwStubCompany => ({
    id,
    identifier,
    name,
    status: { id: status, name: statuses[status - 1].name },
    types: typeIds.map((t) => ({ id: t, name: types[t - 1].name })),
  });
  const serviceStatuses: CwStubStatus[] = [
    { id: 11, name: 'New', closedStatus: false, defaultFlag: true, sortOrder: 1 },
    { id: 12, name: 'In Progress', closedStatus: false, sortOrder: 2 },
    { id: 13, name: 'Waiting on Client', closedStatus: false, sortOrder: 3 },
    { id: 14, name: 'Closed (resolved)', closedStatus: true, sortOrder: 4 },
    { id: 15, name: 'Old Queue', closedStatus: false, inactive: true, sortOrder: 5 },
  ];
  const bType = (id: number, name: string) => ({ id, name });
  return {
    ...connectWiseCredentialsParts(),
    codebase: 'v2025_1/',
    maxPageSize: 5,
    companies: [
      co(250, 'AcmeCorp', 'Acme Corporation', 1, [1]),
      co(251, 'Globex', 'Globex Inc', 1, [1]),
      co(252, 'Initech', 'Initech', 3, [1, 3]),
      co(253, 'Umbrella', 'Umbrella Health', 2, [1]),
      co(254, 'Hooli', 'Hooli', 1, [2]),
      co(255, 'Stark', 'Stark Industries', 1, [1]),
      co(256, 'Wayne', 'Wayne Enterprises', 1, []),
      { ...co(257, 'OldCo', 'Old Co (deleted)', 2, [1]), deletedFlag: true },
    ],
    companyTypes: types,
    companyStatuses: statuses,
    boards: [
      {
        id: 1,
        name: 'Service Desk',
        statuses: serviceStatuses,
        types: [bType(21, 'Backup'), bType(22, 'Hardware'), { ...bType(23, 'Retired'), inactiveFlag: true }],
        subtypes: [bType(31, 'Failed job'), bType(32, 'Missed schedule'), bType(33, 'Disk')],
        items: [bType(41, 'Server'), bType(42, 'Workstation')],
        associations: [
          { id: 1, type: bType(21, 'Backup'), subType: bType(31, 'Failed job'), item: bType(41, 'Server') },
          { id: 2, type: bType(21, 'Backup'), subType: bType(31, 'Failed job'), item: bType(42, 'Workstation') },
          { id: 3, type: bType(21, 'Backup'), subType: bType(32, 'Missed schedule'), item: null },
          { id: 4, type: bType(22, 'Hardware'), subType: bType(33, 'Disk'), item: bType(41, 'Server') },
        ],
      },
      {
        id: 2,
        name: 'Alerts',
        statuses: [
          { id: 51, name: 'New (alert)', closedStatus: false, defaultFlag: true, sortOrder: 1 },
          { id: 52, name: 'Completed', closedStatus: true, sortOrder: 2 },
        ],
        types: [bType(24, 'Monitoring')],
        subtypes: [],
        items: [],
        associations: [],
      },
      {
        id: 3,
        name: 'Old board',
        inactiveFlag: true,
        statuses: [],
        types: [],
        subtypes: [],
        items: [],
        associations: [],
      },
    ],
    priorities: [
      { id: 1, name: 'Priority 1 - Emergency Response', sortOrder: 1 },
      { id: 2, name: 'Priority 2 - Quick Response', sortOrder: 2 },
      { id: 3, name: 'Priority 3 - Normal Response', sortOrder: 3, defaultFlag: true },
      { id: 4, name: 'Priority 4 - Schedule Maintenance', sortOrder: 4 },
    ],
    sources: [
      { id: 1, name: 'Email' },
      { id: 2, name: 'Phone' },
      { id: 6, name: 'Monitoring', defaultFlag: true },
    ],
    tickets: [],
    nextTicketId: 1001,
    nextNoteId: 5001,
  };
}

function connectWiseCredentialsParts() {
  const c = connectWiseStubCredentials('');
  return { companyId: c.CompanyId, publicKey: c.PublicKey, privateKey: c.PrivateKey, clientId: c.ClientId };
}

export const boardOf = (state: ConnectWiseStubState, id: string) => state.boards.find((b) => b.id === Number(id));
