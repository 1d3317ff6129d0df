// What Vigil needs from a PSA client: the interface and its ticket shapes.
import type { CrmTypeValue, PsaCompany, PsaFilterKind, PsaLookup, PsaOption } from '@vigil/contract';

/**
 * What Vigil needs from a PSA, whatever its API. One client per vendor implements this over
 * the vendor's documented REST API; the integration routes and the ticketing delivery only
 * ever talk to this interface.
 */
export interface PsaClient {
  readonly type: CrmTypeValue;
  /** A cheap authenticated call; throws PsaError when the credentials or URL are wrong. */
  validate(): Promise<void>;
  /** Company types and statuses for the sync filters (`Statuses` carry IsActive). */
  filterOptions(kind: PsaFilterKind): Promise<PsaOption[]>;
  /** Every company (all pages), optionally stopped through `signal`. */
  listCompanies(signal?: AbortSignal): Promise<PsaCompany[]>;
  /**
   * A property lookup for ticket profiles. `parent` is the board id for board-statuses,
   * board-types, board-subtypes (then `child` is the type id) and board-items (`child` the
   * subtype id); the company id for callers; the category for subcategories.
   * Returns null when this PSA has no such property.
   */
  lookup(name: PsaLookup, parent?: string, child?: string): Promise<PsaOption[] | null>;
  createTicket(input: PsaTicketInput): Promise<PsaTicketRef>;
  /** Adds a note (internal unless `publicNote`). */
  addNote(ticketId: string, text: string, publicNote: boolean): Promise<void>;
  /** Sets the ticket's status (closing it when the status is a closed one), with a note. */
  setStatus(ticketId: string, statusId: string, note: string | null, publicNote: boolean): Promise<void>;
  /** The ticket as the PSA has it now; null when it does not exist. */
  getTicket(ticketId: string): Promise<PsaTicket | null>;
}

/** What a ticket profile gives a new ticket; fields a PSA does not have are ignored by its client. */
export interface PsaTicketInput {
  /** The PSA's id of the company the ticket is for. */
  companyId: string;
  summary: string;
  description: string;
  boardId: string | null;
  /** The board's name, for PSAs whose API takes names (ConnectWise accepts either). */
  boardName: string | null;
  priorityId: string | null;
  statusId: string | null;
  typeId: string | null;
  subTypeId: string | null;
  itemId: string | null;
  sourceId: string | null;
  ticketTypeId: string | null;
  categoryId: string | null;
  /** ServiceNow incident fields (choice values and sys_ids). */
  category: string | null;
  subcategory: string | null;
  urgency: string | null;
  impact: string | null;
  groupId: string | null;
  callerId: string | null;
  publicNotes: boolean;
  noteTypeId: string | null;
}

export interface PsaTicketRef {
  /** The id used in later calls. */
  id: string;
  /** What people call it (ticket number); often the id. */
  number: string;
  /** A link to open it in the PSA, when the PSA has one. */
  url: string | null;
}

export interface PsaTicket extends PsaTicketRef {
  summary: string;
  statusId: string | null;
  statusName: string | null;
  closed: boolean;
  companyId: string | null;
  companyName: string | null;
  createdAt: string | null;
  notes: { at: string | null; text: string; author: string | null }[];
}
