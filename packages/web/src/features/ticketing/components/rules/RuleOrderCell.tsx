// A rule's place in the order: drag it, or move it up or down one step.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import DragIndicatorRoundedIcon from '@mui/icons-material/DragIndicatorRounded';
import type { TicketRule } from '@vigil/contract';
import { moveTarget } from '../../ruleForm';
import type { RuleActions } from './ruleActions';

function icon(label: string, node: ReactNode, onClick: () => void, disabled = false) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={disabled}
          onClick={(e) => {
            e.stopPropagation();
            onClick();
          }}
        >
          {node}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function RuleOrderCell({ r, a }: { r: TicketRule; a: RuleActions }) {
  const i = a.ids.indexOf(r.Id);
  return (
    <Box
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
      draggable={a.canEdit}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        a.drag.start(r.Id);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        a.drag.drop(r.Id);
      }}
    >
      <DragIndicatorRoundedIcon
        fontSize="small"
        sx={{ color: 'text.disabled', cursor: a.canEdit ? 'grab' : 'default' }}
      />
      <Box component="span" sx={{ minWidth: 18, textAlign: 'right' }}>
        {i + 1}
      </Box>
      {icon(
        `Move up: ${r.Name}`,
        <ArrowUpwardRoundedIcon fontSize="small" />,
        () => a.onMove(r, moveTarget(a.ids, r.Id, -1)),
        !a.canEdit || a.busy || i === 0,
      )}
      {icon(
        `Move down: ${r.Name}`,
        <ArrowDownwardRoundedIcon fontSize="small" />,
        () => a.onMove(r, moveTarget(a.ids, r.Id, 1)),
        !a.canEdit || a.busy || i === a.ids.length - 1,
      )}
    </Box>
  );
}
