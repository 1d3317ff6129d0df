// What the rules grid can do with a rule, as its cells call it.
import type { TicketRule } from '@vigil/contract';

export interface RuleActions {
  ids: number[];
  canEdit: boolean;
  busy: boolean;
  onMove: (r: TicketRule, afterId: number | null | undefined) => void;
  onToggle: (r: TicketRule, enabled: boolean) => void;
  onEdit: (r: TicketRule) => void;
  onWindow: (r: TicketRule) => void;
  onDelete: (r: TicketRule) => void;
  drag: { start: (id: number) => void; drop: (id: number) => void };
}
