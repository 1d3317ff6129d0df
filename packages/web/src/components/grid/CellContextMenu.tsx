import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import LibraryAddCheckRoundedIcon from '@mui/icons-material/LibraryAddCheckRounded';

export interface CellMenuState {
  x: number;
  y: number;
  rowId: string;
  /** The text of the cell (or tile) the menu was opened on. */
  text: string;
}

/** A caller's entry in the right-click menu of a row. */
export interface GridContextAction<T> {
  label: string;
  onClick(row: T): void;
  /** Hidden for rows where this answers false. */
  visible?(row: T): boolean;
}

/** The menu opened by a right-click on a cell: add to selection, copy its text, the caller's actions. */
export function CellContextMenu<T>({
  state,
  row,
  onClose,
  canSelect,
  selected,
  onAddToSelection,
  onCopy,
  actions,
}: {
  state: CellMenuState | null;
  row: T | undefined;
  onClose: () => void;
  canSelect: boolean;
  selected: boolean;
  onAddToSelection: () => void;
  onCopy: (text: string) => void;
  actions: readonly GridContextAction<T>[];
}) {
  const run = (action: () => void) => () => {
    onClose();
    action();
  };
  const shown = row === undefined ? [] : actions.filter((a) => a.visible?.(row) ?? true);
  return (
    <Menu
      open={!!state && row !== undefined}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={state ? { top: state.y, left: state.x } : undefined}
      slotProps={{ list: { dense: true } }}
    >
      {canSelect && (
        <MenuItem onClick={run(onAddToSelection)} disabled={selected}>
          <ListItemIcon>
            <LibraryAddCheckRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Add to selection</ListItemText>
        </MenuItem>
      )}
      <MenuItem onClick={run(() => onCopy(state?.text ?? ''))}>
        <ListItemIcon>
          <ContentCopyRoundedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Copy Text</ListItemText>
      </MenuItem>
      {shown.length > 0 && <Divider />}
      {shown.map((a) => (
        <MenuItem key={a.label} onClick={run(() => row !== undefined && a.onClick(row))}>
          <ListItemText inset>{a.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
