// The PDF page options of the report window: landscape, A2 paper, and Download PDF.
import type { Dispatch, SetStateAction } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export function PdfOptionsMenu({
  anchor,
  onClose,
  landscape,
  setLandscape,
  formatA2,
  setFormatA2,
  onDownload,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  landscape: boolean;
  setLandscape: Dispatch<SetStateAction<boolean>>;
  formatA2: boolean;
  setFormatA2: Dispatch<SetStateAction<boolean>>;
  onDownload: () => void;
}) {
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      <ListSubheader sx={{ lineHeight: '32px' }}>PDF page</ListSubheader>
      <MenuItem dense onClick={() => setLandscape((v) => !v)}>
        <FormControlLabel
          control={<Checkbox size="small" checked={landscape} tabIndex={-1} />}
          label="Landscape"
          sx={{ pointerEvents: 'none', m: 0 }}
        />
      </MenuItem>
      <MenuItem dense onClick={() => setFormatA2((v) => !v)}>
        <FormControlLabel
          control={<Checkbox size="small" checked={formatA2} tabIndex={-1} />}
          label="A2 paper"
          sx={{ pointerEvents: 'none', m: 0 }}
        />
      </MenuItem>
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          onDownload();
        }}
      >
        Download PDF
      </MenuItem>
    </Menu>
  );
}
