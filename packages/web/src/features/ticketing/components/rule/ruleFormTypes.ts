// The ticket rule form's field errors and the setter its sections share.
import type { TicketRuleInput } from '@vigil/contract';

export type RuleErrors = Partial<Record<keyof TicketRuleInput | 'form', string>>;

/** Changes some fields of the rule and clears their errors. */
export type SetRule = (patch: Partial<TicketRuleInput>) => void;
