import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import DragIndicatorRoundedIcon from '@mui/icons-material/DragIndicatorRounded';
import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import KeyboardArrowUpRoundedIcon from '@mui/icons-material/KeyboardArrowUpRounded';
import { isLastVisible, moveColumn, moveColumnBy, setColumnHidden, type ColumnSettings } from './columnSettings';

export interface ManagedColumn {
  id: string;
  label: string;
  canHide: boolean;
}

/**
 * "Manage columns": show or hide each column and put them in order, by dragging a row of
 * the list or with its move up/down buttons. Changes apply to the grid at once.
 */
export function ManageColumnsDialog({
  open,
  onClose,
  settings,
  columns,
  onChange,
  onReset,
}: {
  open: boolean;
  onClose: () => void;
  settings: ColumnSettings;
  columns: readonly ManagedColumn[];
  onChange: (settings: ColumnSettings) => void;
  onReset: () => void;
}) {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const [dragId, setDragId] = useState<string | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const hidden = new Set(settings.hidden);
  const order = settings.order.filter((id) => byId.has(id));

  const endDrag = () => {
    setDragId(null);
    setOverIndex(null);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="grid-manage-columns-title">
      <DialogTitle id="grid-manage-columns-title">Manage columns</DialogTitle>
      <DialogContent dividers sx={{ px: 1, py: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, pb: 1 }}>
          Drag a column or use the arrows to change the order.
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Columns">
          {order.map((id, index) => {
            const column = byId.get(id)!;
            const visible = !hidden.has(id);
            return (
              <Box
                component="li"
                key={id}
                draggable
                onDragStart={(e) => {
                  setDragId(id);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', id);
                }}
                onDragOver={(e) => {
                  if (!dragId) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                  if (overIndex !== index) setOverIndex(index);
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragId) onChange(moveColumn(settings, dragId, index));
                  endDrag();
                }}
                onDragEnd={endDrag}
                sx={(theme) => ({
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  px: 0.5,
                  borderRadius: 1,
                  opacity: dragId === id ? 0.5 : 1,
                  outline: overIndex === index && dragId && dragId !== id ? 2 : 0,
                  outlineStyle: 'dashed',
                  outlineColor: theme.palette.primary.main,
                  '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.05) },
                })}
              >
                <DragIndicatorRoundedIcon fontSize="small" sx={{ color: 'text.disabled', cursor: 'grab' }} />
                <Checkbox
                  size="small"
                  checked={visible}
                  disabled={!column.canHide || (visible && isLastVisible(settings, id))}
                  onChange={(e) => onChange(setColumnHidden(settings, id, !e.target.checked))}
                  slotProps={{ input: { 'aria-label': `Show ${column.label}` } }}
                />
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                  {column.label}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`Move ${column.label} up`}
                  disabled={index === 0}
                  onClick={() => onChange(moveColumnBy(settings, id, -1))}
                >
                  <KeyboardArrowUpRoundedIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={`Move ${column.label} down`}
                  disabled={index === order.length - 1}
                  onClick={() => onChange(moveColumnBy(settings, id, 1))}
                >
                  <KeyboardArrowDownRoundedIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onReset} color="inherit">
          Reset to Defaults
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} variant="contained">
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
