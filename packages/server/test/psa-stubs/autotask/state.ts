/** The data an Autotask stand-in holds, its credentials, and what it starts with. */

export interface AtPicklistValue {
  value: string;
  label: string;
  isDefaultValue: boolean;
  sortOrder: number;
  parentValue: string;
  isActive: boolean;
  isSystem: boolean;
}
export interface AtStubCompany {
  id: number;
  companyName: string;
  companyNumber: string | null;
  companyType: number | null;
  isActive: boolean;
}
export interface AtStubNote {
  id: number;
  ticketID: number;
  title: string;
  description: string;
  noteType: number;
  publish: number;
  createDateTime: string;
  creatorResourceID: number;
}
export interface AtStubTicket {
  id: number;
  ticketNumber: string;
  companyID: number;
  title: string;
  description: string;
  status: number;
  priority: number | null;
  queueID: number | null;
  issueType: number | null;
  subIssueType: number | null;
  source: number | null;
  ticketType: number | null;
  ticketCategory: number | null;
  createDate: string;
  notes: AtStubNote[];
  /** Every status the ticket went through, in order. */
  statusHistory: number[];
}
export interface AutotaskStubState {
  companies: AtStubCompany[];
  /** Picklists by entity, then field name. */
  picklists: Record<string, Record<string, AtPicklistValue[]>>;
  tickets: AtStubTicket[];
  /** Records per query page (the real cap is 500; small here so paging is exercised). */
  pageSize: number;
}
export interface AutotaskStubSeed {
  companies?: AtStubCompany[];
  picklists?: Record<string, Record<string, AtPicklistValue[]>>;
  pageSize?: number;
}

const pick = (entries: [string, string, string?][], defaultValue?: string): AtPicklistValue[] =>
  entries.map(([value, label, parentValue], i) => ({
    value,
    label,
    isDefaultValue: value === defaultValue,
    sortOrder: i + 1,
    parentValue: parentValue ?? '',
    isActive: true,
    isSystem: false,
  }));

export const AUTOTASK_STUB_USER = 'vigil-api@acme-msp.example';
export const AUTOTASK_STUB_SECRET = 'at-secret-9f2c';
export const AUTOTASK_STUB_CODE = 'VIGILTESTINTEGRATIONCODE27';

export function autotaskStubCredentials(url: string) {
  return { Url: url, UserName: AUTOTASK_STUB_USER, Secret: AUTOTASK_STUB_SECRET, IntegrationCode: AUTOTASK_STUB_CODE };
}

export function defaultSeed(): Required<AutotaskStubSeed> {
  const inactive = { ...pick([['6', 'Cancellation']])[0], isActive: false, sortOrder: 5 };
  return {
    pageSize: 3,
    companies: [
      { id: 0, companyName: 'Acme MSP (own company)', companyNumber: '0', companyType: 5, isActive: true },
      { id: 174, companyName: 'Northwind Traders', companyNumber: 'NW-01', companyType: 1, isActive: true },
      { id: 175, companyName: 'Contoso Dental', companyNumber: null, companyType: 1, isActive: true },
      { id: 176, companyName: 'Fabrikam Legal', companyNumber: 'FAB', companyType: 3, isActive: true },
      { id: 177, companyName: 'Tailspin Toys', companyNumber: null, companyType: 1, isActive: false },
      { id: 178, companyName: 'Wide World Importers', companyNumber: 'WWI', companyType: 2, isActive: true },
      { id: 179, companyName: 'Litware Labs', companyNumber: null, companyType: null, isActive: true },
    ],
    picklists: {
      Companies: {
        companyType: [
          ...pick([
            ['1', 'Customer'],
            ['2', 'Lead'],
            ['3', 'Prospect'],
            ['5', 'Partner'],
          ]),
          inactive,
        ],
      },
      Tickets: {
        queueID: pick([
          ['29683481', 'Client Portal'],
          ['29683482', 'Monitoring Alert'],
          ['29683483', 'Level I Support'],
        ]),
        status: pick(
          [
            ['1', 'New'],
            ['5', 'Complete'],
            ['7', 'Waiting Customer'],
            ['8', 'In Progress'],
          ],
          '1',
        ),
        priority: pick(
          [
            ['4', 'Critical'],
            ['1', 'High'],
            ['2', 'Medium'],
            ['3', 'Low'],
          ],
          '2',
        ),
        issueType: pick([
          ['11', 'Backup'],
          ['12', 'Hardware'],
        ]),
        subIssueType: pick([
          ['211', 'Job failed', '11'],
          ['212', 'Job missed', '11'],
          ['221', 'Disk', '12'],
        ]),
        source: pick(
          [
            ['-1', 'Insourced'],
            ['2', 'Phone'],
            ['8', 'Monitoring Alert'],
          ],
          '8',
        ),
        ticketType: pick(
          [
            ['1', 'Service Request'],
            ['2', 'Incident'],
            ['5', 'Alert'],
          ],
          '1',
        ),
        ticketCategory: pick(
          [
            ['2', 'Standard'],
            ['3', 'RMM Alert'],
          ],
          '2',
        ),
      },
      TicketNotes: {
        noteType: pick(
          [
            ['1', 'Task Summary'],
            ['2', 'Task Detail'],
          ],
          '2',
        ),
        publish: pick([
          ['1', 'All Autotask Users'],
          ['2', 'Internal Only'],
        ]),
      },
    },
  };
}
