import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { useTenantFormats } from '../../../../lib/tenantFormats';
import { QueryError } from '../../../../components/QueryError';
import { srOnly } from '../../../../components/srOnly';
import { useSnackbar } from '../../../../components/snackbar';
import { downloadPsaResponse, usePsaResponses } from '../../api/psa';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The PSA's recent answers, kept for support with secrets removed; each downloads as a file. */
export function PsaResponsesTab({ integrationId }: { integrationId: number }) {
  const f = useTenantFormats();
  const snackbar = useSnackbar();
  const list = usePsaResponses(integrationId);
  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Box>
      <Typography sx={{ color: 'text.secondary', fontSize: 14, mb: 1.5 }}>
        The most recent calls Vigil made to the PSA, with its answers (credentials removed). Download one to send to
        support.
      </Typography>
      {list.isPending ? (
        <Skeleton height={200} />
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: '14px', overflow: 'auto' }}>
          <Table size="small" aria-label="Stored responses">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Call</TableCell>
                <TableCell align="right">Status</TableCell>
                <TableCell align="right">Time</TableCell>
                <TableCell align="right">Size</TableCell>
                <TableCell align="right" sx={{ position: 'relative' }}>
                  <Box component="span" sx={srOnly}>
                    Download
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6} sx={{ textAlign: 'center', color: 'text.secondary', py: 4 }}>
                    No Items
                  </TableCell>
                </TableRow>
              )}
              {list.data.map((r) => (
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
                        r.Status >= 200 && r.Status < 300
                          ? 'success'
                          : r.Status >= 400 || r.Status === 0
                            ? 'error'
                            : 'default'
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
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
