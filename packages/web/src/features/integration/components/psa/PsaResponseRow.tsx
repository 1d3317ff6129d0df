// One stored PSA response: when, the call, its status, time and size, and its download.
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import type { StoredResponse } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import { downloadPsaResponse } from '../../api/psaResponses';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function PsaResponseRow({ integrationId, r }: { integrationId: number; r: StoredResponse }) {
  const f = useTenantFormats();
  const snackbar = useSnackbar();
  return (
    <TableRow key={r.Id} hover>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.dateTime(r.At)}</TableCell>
      <TableCell sx={{ fontFamily: 'monospace', fontSize: 12.5, overflowWrap: 'anywhere' }}>
        {r.Method} {r.Path}
      </TableCell>
      <TableCell align="right">
        <Chip
          size="small"
          variant="outlined"
          color={
            r.Status >= 200 && r.Status < 300 ? 'success' : r.Status >= 400 || r.Status === 0 ? 'error' : 'default'
          }
          label={r.Status || 'failed'}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {r.DurationMs} ms
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {size(r.Size)}
      </TableCell>
      <TableCell align="right">
        <IconButton
          size="small"
          aria-label={`Download response ${r.Id}`}
          onClick={() => downloadPsaResponse(integrationId, r).catch((err: unknown) => snackbar.error(err))}
        >
          <DownloadRoundedIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
