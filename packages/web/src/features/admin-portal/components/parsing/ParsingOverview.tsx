import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CallReceivedRoundedIcon from '@mui/icons-material/CallReceivedRounded';
import DoneAllRoundedIcon from '@mui/icons-material/DoneAllRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import HourglassEmptyRoundedIcon from '@mui/icons-material/HourglassEmptyRounded';
import SpeedRoundedIcon from '@mui/icons-material/SpeedRounded';
import { ProcessingState, type ParsingStatus } from '@vigil/contract';
import { ToneChip } from '../../../../components/email/chips';
import { relativeTime } from '../../../../lib/format';
import { stateInfo, vendorLabel } from '../../../../lib/ingest';
import { StatTile } from '../StatTile';

const number = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString());

function queueCaption(s: ParsingStatus | undefined): string {
  if (!s) return '';
  const oldest = [s.OldestWaiting, s.OldestSpooled].filter((at): at is string => !!at).sort()[0];
  if (!oldest) return 'Nothing waiting';
  // E-mails still in an SMTP node's spool are named: they are not in the e-mail lists yet.
  if (s.Spooled > 0) return `${s.Spooled.toLocaleString()} spooled · oldest ${relativeTime(oldest)}`;
  return `Oldest waiting ${relativeTime(oldest)}`;
}

/** The status cards of the parsing pipeline (GET api/parsing-status), refreshed every 10 s. */
export function ParsingOverview({ status, loading }: { status: ParsingStatus | undefined; loading: boolean }) {
  const s = status;
  const tiles = [
    {
      label: 'Queue depth',
      // E-mails waiting to be parsed, and those still in an SMTP node's spool (answered, not filed).
      value: number(s && s.QueueDepth + s.Spooled),
      icon: <HourglassEmptyRoundedIcon />,
      caption: queueCaption(s),
      tone: s && s.QueueDepth + s.Spooled > 0 ? ('warning' as const) : ('primary' as const),
    },
    {
      label: 'E-mails / min',
      value: s ? s.EmailsPerMinute.toLocaleString(undefined, { maximumFractionDigits: 1 }) : '—',
      icon: <SpeedRoundedIcon />,
      caption: 'Last 5 minutes',
    },
    { label: 'Received', value: number(s?.ReceivedLastHour), icon: <CallReceivedRoundedIcon />, caption: 'Last hour' },
    {
      label: 'Processed',
      value: number(s?.ProcessedLastHour),
      icon: <DoneAllRoundedIcon />,
      caption: 'Last hour',
      tone: 'success' as const,
    },
    {
      label: 'Failures',
      value: number(s?.FailuresLastDay),
      icon: <ErrorOutlineRoundedIcon />,
      caption: 'Last 24 hours',
      tone: s && s.FailuresLastDay > 0 ? ('error' as const) : ('primary' as const),
    },
    {
      label: 'Unrecognised',
      value: number(s?.UnrecognisedLastDay),
      icon: <HelpOutlineRoundedIcon />,
      caption: 'Last 24 hours',
      tone: s && s.UnrecognisedLastDay > 0 ? ('warning' as const) : ('primary' as const),
    },
  ];
  const states = ProcessingState.filter((st) => (s?.ByState[st] ?? 0) > 0);
  const vendorMax = Math.max(1, ...(s?.TopVendors.map((v) => v.Count) ?? [1]));

  return (
    <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
      <Grid container spacing={2} component="section" aria-label="Parsing status">
        {tiles.map((t) => (
          <Grid key={t.label} size={{ xs: 6, sm: 4, xl: 2 }}>
            <StatTile
              label={t.label}
              value={t.value}
              icon={t.icon}
              caption={t.caption}
              tone={t.tone}
              loading={loading}
            />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography sx={{ fontWeight: 650, mb: 1.5 }}>E-mails by state</Typography>
              {loading ? (
                <Skeleton height={32} />
              ) : states.length === 0 ? (
                <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>No e-mail received yet.</Typography>
              ) : (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  {states.map((st) => (
                    <ToneChip
                      key={st}
                      label={`${stateInfo(st).label} · ${(s?.ByState[st] ?? 0).toLocaleString()}`}
                      tone={stateInfo(st).tone}
                    />
                  ))}
                </Box>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography sx={{ fontWeight: 650, mb: 1.5 }}>Top vendors, last 24 hours</Typography>
              {loading ? (
                <Skeleton height={32} />
              ) : !s?.TopVendors.length ? (
                <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
                  No recognised e-mail in the last day.
                </Typography>
              ) : (
                <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                  {s.TopVendors.slice(0, 5).map((v) => (
                    <Box
                      component="li"
                      key={v.Vendor}
                      sx={{
                        display: 'grid',
                        gridTemplateColumns: 'minmax(0, 1fr) auto',
                        gap: 0.5,
                        alignItems: 'center',
                      }}
                    >
                      <Typography noWrap sx={{ fontSize: 13.5 }}>
                        {vendorLabel(v.Vendor)}
                      </Typography>
                      <Typography sx={{ fontSize: 13.5, fontWeight: 600 }}>{v.Count.toLocaleString()}</Typography>
                      <LinearProgress
                        variant="determinate"
                        value={(v.Count / vendorMax) * 100}
                        aria-label={`${vendorLabel(v.Vendor)}: ${v.Count}`}
                        sx={{ gridColumn: '1 / -1', height: 6, borderRadius: 3 }}
                      />
                    </Box>
                  ))}
                </Box>
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}
