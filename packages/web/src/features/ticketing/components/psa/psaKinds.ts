// What a PSA calls its fields and which of them it has, and the props the PSA field groups share.
import { BOARD_REQUIRED_TYPES, CrmType, HELPDESK_TYPES } from '@vigil/contract';
import type { ProfileField, ProfileFormValues } from '../../profileForm';

/** What each PSA calls its board (the queue, the team). */
export const BOARD_LABEL: Record<number, string> = {
  [CrmType.ConnectWise]: 'Service board',
  [CrmType.Autotask]: 'Queue',
  [CrmType.KaseyaBms]: 'Queue',
  [CrmType.HaloPsa]: 'Team',
  [CrmType.HaloITSM]: 'Team',
};

/** The field labels, so messages name fields as the form shows them. */
export function psaLabels(crmType: number): Partial<Record<ProfileField, string>> {
  return {
    DefaultCrmBoard: BOARD_LABEL[crmType] ?? 'Board',
    TicketPriority: 'Priority',
    TicketTypeId: 'Ticket type',
    CatchAllCompany: 'Catch-all company',
    NewTicketStatusId: 'New ticket status',
    ClosedTicketStatusId: 'Closed ticket status',
  };
}

/** The kinds of field a PSA has (features §5.1). */
export function psaKind(crmType: number) {
  return {
    usesBoard: crmType in BOARD_LABEL,
    boardRequired: (BOARD_REQUIRED_TYPES as readonly number[]).includes(crmType),
    helpdesk: (HELPDESK_TYPES as readonly number[]).includes(crmType),
    serviceNow: crmType === CrmType.ServiceNow,
    syncro: crmType === CrmType.SyncroMsp,
  };
}

export interface PsaPartProps {
  crmType: number;
  crmId: number;
  v: ProfileFormValues;
  onChange: (patch: Partial<ProfileFormValues>) => void;
  errors: Partial<Record<ProfileField, string>>;
  kind: ReturnType<typeof psaKind>;
  /** The setter of one text field. */
  set: (f: ProfileField) => (value: string) => void;
}
