import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { QueryError } from '../../../../components/QueryError';
import { srOnly } from '../../../../components/srOnly';
import { usePsaResponses } from '../../api/psaResponses';
import { PsaResponseRow } from './PsaResponseRow';

/** The PSA's recent answers, kept for support with secrets removed; each downloads as a file. */
export function PsaResponsesTab({ integrationId }: { integrationId: number }) {
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
                <PsaResponseRow key={r.Id} integrationId={integrationId} r={r} />
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
