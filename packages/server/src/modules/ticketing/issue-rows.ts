// Ticket issues as stored: the row the issue list reads and the ticket states.
import type { TicketIssuesQuery } from '@vigil/contract';
import type { z } from 'zod';

export interface IssueDbRow {
  id: number;
  group_key: string;
  group_label: string;
  subject: string;
  kind: number;
  group_by: number;
  status: number;
  state: string;
  profile_id: number | null;
  profile_name: string | null;
  rule_id: number | null;
  rule_name: string | null;
  external_id: string | null;
  external_number: string | null;
  external_url: string | null;
  backup_ids: number[] | null;
  company_name: string | null;
  opened_at: Date | string;
  updated_at: Date | string;
  closed_at: Date | string | null;
  notes_count: string | number;
  last_error: string | null;
  total: string | number;
}

export const STATES: Record<z.infer<typeof TicketIssuesQuery>['State'], string[] | null> = {
  Open: ['Pending', 'Open'],
  Closed: ['Closed', 'Unlinked'],
  Failed: ['Failed'],
  All: null,
};
