import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import type { AuditBackupsQuery } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { downloadAuditFile, type AuditFileFormat } from '../api/exportFile';

const FORMATS: { format: AuditFileFormat; label: string }[] = [
  { format: 'excel', label: 'Excel' },
  { format: 'csv', label: 'CSV' },
];

/** "Export": the grid as it stands (filters, order, visible columns) as an Excel or CSV file. */
export function AuditExportButton({ query, columns }: { query: AuditBackupsQuery; columns: string[] }) {
  const snackbar = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const run = (format: AuditFileFormat) => {
    setAnchor(null);
    setBusy(true);
    downloadAuditFile(query, columns, format)
      .catch((err: unknown) => snackbar.error(err))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Button
        id="audit-export"
        size="small"
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        loading={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? 'audit-export-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Export
      </Button>
      <Menu id="audit-export-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {FORMATS.map((f) => (
          <MenuItem key={f.format} onClick={() => run(f.format)}>
            {f.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
