import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProcessedResult } from '@vigil/contract';
import { formatBytes, formatDuration, resultColumns, vendorLabel } from '../../lib/ingest';
import { useElementWidth } from '../../lib/useElementWidth';
import { ResultStatusChip } from './chips';
import { GenericReadingNote } from './GenericReading';
import { useDateFormatter } from './dates';

/** A parsed result as the e-mail lists and test parsing report it. */
export type ResultLike = Omit<ProcessedResult, 'ResultId' | 'BackupId' | 'BackupActive'> &
  Partial<Pick<ProcessedResult, 'ResultId'>>;

const dash = (
  <Typography component="span" sx={{ color: 'text.disabled' }}>
    —
  </Typography>
);
const orDash = (v: string | null | undefined) => (v ? v : dash);

function FailureText({ text }: { text: string }) {
  return (
    <Typography
      sx={(t) => ({
        fontSize: 13,
        color: t.palette.mode === 'dark' ? t.palette.status.failure : t.palette.error.dark,
        overflowWrap: 'anywhere',
        whiteSpace: 'pre-wrap',
      })}
    >
      {text}
    </Typography>
  );
}

/**
 * The results parsed from one e-mail: a table whose less important columns give way as room
 * runs out, or stacked cards when narrow. The vendor column shows only when results come from
 * more than one parser.
 */
export function ResultsTable({ results, caption }: { results: readonly ResultLike[]; caption: string }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  return (
    <Box ref={ref} sx={{ minWidth: 0 }}>
      {width !== null && <ResultsView results={results} caption={caption} width={width} />}
    </Box>
  );
}

function ResultsView({ results, caption, width }: { results: readonly ResultLike[]; caption: string; width: number }) {
  const fmt = useDateFormatter();
  const show = resultColumns(width, new Set(results.map((r) => r.Vendor)).size > 1);

  /** What the columns that gave way would have shown, as a line under the device. */
  const hiddenDetails = (r: ResultLike) =>
    [
      !show.type && r.ResultKind,
      !show.started && r.StartTime && fmt(r.StartTime),
      !show.duration && formatDuration(r.DurationSeconds),
      !show.size && formatBytes(r.SizeBytes),
    ]
      .filter(Boolean)
      .join(' · ');

  if (show.cards) {
    return (
      <Box component="ul" aria-label={caption} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {results.map((r, i) => (
          <Paper component="li" variant="outlined" key={r.ResultId ?? i} sx={{ p: 1.5, borderRadius: '10px' }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, fontSize: 14, overflowWrap: 'anywhere' }}>{r.JobName}</Typography>
                <Typography sx={{ color: 'text.secondary', fontSize: 13, overflowWrap: 'anywhere' }}>
                  {r.DeviceName}
                </Typography>
              </Box>
              <ResultStatusChip status={r.Status} />
            </Box>
            <Typography sx={{ color: 'text.secondary', fontSize: 12.5, mt: 0.75 }}>
              {[
                r.ResultKind,
                r.StartTime && fmt(r.StartTime),
                formatDuration(r.DurationSeconds),
                formatBytes(r.SizeBytes),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {r.FailureText && (
              <Box sx={{ mt: 0.75 }}>
                <FailureText text={r.FailureText} />
              </Box>
            )}
            <GenericReadingNote reading={r.Reading} />
          </Paper>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: '10px' }}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell>Job</TableCell>
            <TableCell>Device</TableCell>
            <TableCell>Status</TableCell>
            {show.vendor && <TableCell>Vendor</TableCell>}
            {show.type && <TableCell>Type</TableCell>}
            {show.started && <TableCell>Started</TableCell>}
            {show.duration && <TableCell align="right">Duration</TableCell>}
            {show.size && <TableCell align="right">Size</TableCell>}
            {show.client && <TableCell>Client</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((r, i) => (
            <TableRow key={r.ResultId ?? i}>
              <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 140 }}>{r.JobName}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {r.DeviceName}
                {hiddenDetails(r) && (
                  <Typography sx={{ color: 'text.secondary', fontSize: 12.5 }}>{hiddenDetails(r)}</Typography>
                )}
                {r.FailureText && (
                  <Box sx={{ mt: 0.5 }}>
                    <FailureText text={r.FailureText} />
                  </Box>
                )}
                <GenericReadingNote reading={r.Reading} />
              </TableCell>
              <TableCell>
                <ResultStatusChip status={r.Status} />
              </TableCell>
              {show.vendor && <TableCell>{vendorLabel(r.Vendor)}</TableCell>}
              {show.type && (
                <TableCell>
                  {r.ResultKind}
                  {r.BackupType === 'Alert' && (
                    <Typography component="span" sx={{ color: 'text.secondary', fontSize: 12.5 }}>
                      {' '}
                      (alert)
                    </Typography>
                  )}
                </TableCell>
              )}
              {show.started && (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.StartTime ? fmt(r.StartTime) : dash}</TableCell>
              )}
              {show.duration && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {orDash(formatDuration(r.DurationSeconds))}
                </TableCell>
              )}
              {show.size && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {orDash(formatBytes(r.SizeBytes))}
                </TableCell>
              )}
              {show.client && <TableCell sx={{ overflowWrap: 'anywhere' }}>{orDash(r.ClientId)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
