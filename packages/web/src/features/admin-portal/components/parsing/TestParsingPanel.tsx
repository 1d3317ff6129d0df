import { useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import { MAX_FILE_SIZE } from '@vigil/contract';
import { QueryError } from '../../../../components/QueryError';
import { srOnly } from '../../../../components/srOnly';
import { ResultStatusChip, ToneChip } from '../../../../components/email/chips';
import { ResultsTable } from '../../../../components/email/ResultsTable';
import { resolveErrorMessage } from '../../../../lib/errors';
import { EML_TYPES, emlFileProblem, formatBytes, summariseResults, vendorLabel } from '../../../../lib/ingest';
import {
  isTestParsingDone,
  TEST_PARSING_GIVE_UP_MS,
  useStartTestParsing,
  useTestParsingStatus,
} from '../../api/parsing';

type DropState = 'idle' | 'active' | 'reject';

interface Run {
  file: File;
  identifier: string | null;
  startedAt: number;
}

/**
 * Test parsing (admin): upload an .eml, the server parses it without storing anything, and the
 * status is polled every second until it is Completed or Failed.
 */
export function TestParsingPanel() {
  const input = useRef<HTMLInputElement>(null);
  const start = useStartTestParsing();
  const [drop, setDrop] = useState<DropState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const status = useTestParsingStatus(run?.identifier ?? null, run?.startedAt ?? 0);
  const result = status.data;
  const done = isTestParsingDone(result?.Status);
  const gaveUp =
    !!run?.identifier && !done && !status.isFetching && status.dataUpdatedAt - run.startedAt > TEST_PARSING_GIVE_UP_MS;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const bad = emlFileProblem(file);
    if (bad) {
      setProblem(bad);
      setDrop('reject');
      return;
    }
    setProblem(null);
    setDrop('idle');
    const startedAt = Date.now();
    setRun({ file, identifier: null, startedAt });
    try {
      const { identifier } = await start.mutateAsync(file);
      setRun({ file, identifier, startedAt });
    } catch (err) {
      setRun(null);
      setProblem(resolveErrorMessage(err));
    }
  };

  const reset = () => {
    setRun(null);
    setProblem(null);
    setDrop('idle');
    start.reset();
    if (input.current) input.current.value = '';
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDrop('idle');
    if (e.dataTransfer.files.length > 1) {
      setProblem('Drop one file at a time.');
      setDrop('reject');
      return;
    }
    void choose(e.dataTransfer.files[0]);
  };

  const busy = !!run && (!run.identifier || (!done && !gaveUp && !status.isError));

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {!run && (
        <Box
          component="label"
          htmlFor="test-parsing-file"
          onDragOver={(e) => {
            e.preventDefault();
            setDrop('active');
          }}
          onDragLeave={(e) => {
            // Moving over the zone's own text fires dragleave too: only leaving the zone counts.
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDrop('idle');
          }}
          onDrop={onDrop}
          data-state={drop}
          sx={(t) => {
            const c =
              drop === 'reject'
                ? t.palette.status.failure
                : drop === 'active'
                  ? t.palette.primary.main
                  : t.palette.divider;
            return {
              display: 'grid',
              placeItems: 'center',
              textAlign: 'center',
              gap: 1,
              px: 3,
              py: { xs: 4, sm: 6 },
              cursor: 'pointer',
              borderRadius: '14px',
              border: `2px dashed ${c}`,
              bgcolor:
                drop === 'active'
                  ? alpha(t.palette.primary.main, 0.06)
                  : drop === 'reject'
                    ? alpha(t.palette.status.failure, 0.05)
                    : 'background.paper',
              transition: 'background-color 120ms, border-color 120ms',
              '&:hover': { borderColor: t.palette.primary.main },
              '&:focus-within': { outline: `2px solid ${t.palette.primary.main}`, outlineOffset: 2 },
            };
          }}
        >
          <Box
            sx={(t) => ({
              width: 52,
              height: 52,
              borderRadius: '14px',
              display: 'grid',
              placeItems: 'center',
              color: t.palette.primary.main,
              bgcolor: alpha(t.palette.primary.main, 0.1),
            })}
          >
            <CloudUploadOutlinedIcon />
          </Box>
          <Typography sx={{ fontWeight: 650 }}>
            {drop === 'active' ? 'Drop the e-mail to test it' : 'Drop an .eml file here, or click to choose one'}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 14, maxWidth: 520 }}>
            Vigil parses it with the same parsers as real intake and shows what it would record. Nothing is stored and
            no tenant sees it. {EML_TYPES.join(' or ')}, up to {formatBytes(MAX_FILE_SIZE)}.
          </Typography>
          <Box
            component="input"
            ref={input}
            id="test-parsing-file"
            type="file"
            accept={`${EML_TYPES.join(',')},message/rfc822`}
            aria-label="E-mail file to test"
            onChange={(e) => {
              const el = e.target as HTMLInputElement;
              void choose(el.files?.[0]);
              // Choosing the same file again must fire a change too.
              el.value = '';
            }}
            sx={srOnly}
          />
          {problem && (
            <Alert severity="error" sx={{ mt: 1, textAlign: 'left' }} role="alert">
              {problem}
            </Alert>
          )}
        </Box>
      )}

      {run && (
        <Card>
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <DescriptionOutlinedIcon sx={{ color: 'text.secondary' }} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{run.file.name}</Typography>
                <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>
                  {formatBytes(run.file.size)}
                  {result?.ElapsedMs !== null && result?.ElapsedMs !== undefined
                    ? ` · parsed in ${result.ElapsedMs.toLocaleString()} ms`
                    : ''}
                </Typography>
              </Box>
              <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {busy ? (
                  <>
                    <CircularProgress size={18} />
                    <Typography sx={{ fontSize: 14 }}>{run.identifier ? 'Parsing…' : 'Uploading…'}</Typography>
                  </>
                ) : result?.Status === 'Completed' ? (
                  <ToneChip label="Completed" tone="success" />
                ) : result?.Status === 'Failed' ? (
                  <ToneChip label="Failed" tone="error" />
                ) : gaveUp ? (
                  <ToneChip label="No answer" tone="warning" />
                ) : null}
              </Box>
              <Button variant="outlined" startIcon={<ReplayRoundedIcon />} onClick={reset} disabled={busy}>
                Test another file
              </Button>
            </Box>

            {status.isError && <QueryError error={status.error} onRetry={() => void status.refetch()} />}
            {gaveUp && (
              <Alert severity="warning">The test parsing did not finish in time. Try the file again in a moment.</Alert>
            )}

            {done && result && (
              <>
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', md: 'auto minmax(0, 1fr) auto minmax(0, 1fr)' },
                    columnGap: 2,
                    rowGap: 0.75,
                    fontSize: 14,
                  }}
                >
                  <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 13.5 }}>
                    Subject
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontSize: 14, overflowWrap: 'anywhere' }}>
                    {result.Subject || '—'}
                  </Typography>
                  <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 13.5 }}>
                    From
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontSize: 14, overflowWrap: 'anywhere' }}>
                    {result.From || '—'}
                  </Typography>
                  <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 13.5 }}>
                    Vendor
                  </Typography>
                  <Typography
                    component="dd"
                    data-testid="test-parsing-vendor"
                    sx={{ m: 0, fontSize: 14, fontWeight: 600 }}
                  >
                    {result.Vendor ? vendorLabel(result.Vendor) : 'Not recognised'}
                  </Typography>
                  <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 13.5 }}>
                    Results
                  </Typography>
                  <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
                    {result.Results.length === 0 ? (
                      <Typography sx={{ fontSize: 14 }}>None</Typography>
                    ) : (
                      (['Success', 'Warning', 'Failure'] as const).map((st) => {
                        const n = summariseResults(result.Results)[st];
                        return n ? (
                          <Box key={st} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                            <ResultStatusChip status={st} />
                            <Typography sx={{ fontSize: 13.5 }}>× {n}</Typography>
                          </Box>
                        ) : null;
                      })
                    )}
                  </Box>
                </Box>
                {result.Reason && (
                  <Alert severity={result.Status === 'Failed' ? 'error' : 'warning'} data-testid="test-parsing-reason">
                    {result.Reason}
                  </Alert>
                )}
                {result.Results.length > 0 && <ResultsTable results={result.Results} caption="Test parsing results" />}
              </>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
