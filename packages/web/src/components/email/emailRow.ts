import type { ProcessedEmail } from '@vigil/contract';

/** A processed e-mail, optionally with the tenant it belongs to (the admin list). */
export type EmailRow = ProcessedEmail & { tenantId?: number; TenantName?: string };

export interface EmailActions<E extends EmailRow> {
  download: (email: E) => Promise<void>;
  loadRaw: (email: E) => Promise<string>;
  /** Absent: the user may not reprocess, and the action is not offered. */
  reprocess?: (email: E) => Promise<{ State: string }>;
  /** Absent: the user may not teach parsers. Opens the parser builder on the e-mail. */
  teach?: (email: E) => void;
}

/** A row's key: its id, with the tenant in the admin list (ids repeat across tenants). */
export const keyOf = (e: EmailRow) => (e.tenantId !== undefined ? `${e.tenantId}:${e.emailId}` : String(e.emailId));
