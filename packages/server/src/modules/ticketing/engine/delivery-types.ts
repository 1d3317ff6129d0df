import type { Deps } from '../../../deps.ts';
import type { OutboxAction, OutboxPayload } from './store.ts';

/** One claimed outbox row with the ticket and profile it belongs to. */
export interface DeliveryItem {
  outboxId: number;
  tenantId: number;
  action: OutboxAction;
  payload: OutboxPayload;
  attempts: number;
  ticket: {
    id: number;
    kind: number;
    subject: string;
    description: string;
    status: number;
    state: string;
    groupBy: number;
    groupLabel: string;
    manual: boolean;
    externalId: string | null;
    externalNumber: string | null;
    externalUrl: string | null;
    openedAt: Date;
    closedAt: Date | null;
    ruleId: number | null;
  };
  profile: {
    id: number;
    name: string;
    settings: Record<string, unknown>;
    emailSettingsId: number | null;
    webhookSecret: string | null;
  } | null;
}

/** What a successful create tells us about the ticket in its target. */
export interface DeliveredRef {
  externalId: string | null;
  externalNumber: string | null;
  externalUrl: string | null;
  psaCompanyId?: string | null;
}

/** A delivery failure; `retryable` false fails the row at once. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export type Deliverer = (deps: Deps, item: DeliveryItem) => Promise<DeliveredRef | void>;
