import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ParsingStatus } from '@vigil/contract';
import { ToneChip } from '../../../../components/email/chips';
import { relativeTime } from '../../../../lib/format';
import { fileSizeText } from '../../../../lib/image';

type Node = ParsingStatus['IntakeNodes'][number];

/**
 * The SMTP ingest nodes and what each holds in its spool: e-mails answered 250 and not yet filed,
 * and e-mails set aside because the database refused them. A node that stopped reporting stays
 * listed while it holds e-mails, so they never drop out of sight.
 */
export function IntakeNodesCard({ nodes }: { nodes: Node[] }) {
  if (!nodes.length) return null;
  const silent = nodes.filter((n) => !n.Reporting && n.Spooled > 0);
  const setAside = nodes.filter((n) => n.SetAside > 0);
  return (
    <Card sx={{ mb: 3 }} data-testid="intake-nodes">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography sx={{ fontWeight: 650 }}>SMTP ingest nodes</Typography>
        {silent.map((n) => (
          <Alert key={`silent-${n.Node}`} severity="error">
            {n.Node} last reported {relativeTime(n.ReportedAt)}, holding {n.Spooled.toLocaleString()} e-mail
            {n.Spooled === 1 ? '' : 's'} not yet filed. Start it again on the same disk to file them.
          </Alert>
        ))}
        {setAside.map((n) => (
          <Alert key={`aside-${n.Node}`} severity="warning">
            {n.SetAside.toLocaleString()} e-mail{n.SetAside === 1 ? ' was' : 's were'} set aside on {n.Node}: the
            database refused {n.SetAside === 1 ? 'it' : 'them'}. Each is kept with its envelope in the spool&apos;s
            set-aside folder; the node&apos;s log says why.
          </Alert>
        ))}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {nodes.map((n) => (
            <Box
              component="li"
              key={n.Node}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: 'minmax(0, 2fr) 1fr 1fr auto' },
                gap: { xs: 0.5, md: 2 },
                alignItems: 'center',
                py: 1,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Typography noWrap title={n.Node} sx={{ fontSize: 14, fontWeight: 600 }}>
                {n.Node}
              </Typography>
              <Typography sx={{ fontSize: 14, order: { xs: 3, md: 0 } }}>
                {n.Spooled > 0
                  ? `${n.Spooled.toLocaleString()} to file (${fileSizeText(n.SpooledBytes)})`
                  : 'Spool empty'}
              </Typography>
              <Typography sx={{ fontSize: 13, color: 'text.secondary', order: { xs: 4, md: 0 } }}>
                {n.OldestSpooled ? `Oldest ${relativeTime(n.OldestSpooled)}` : `Reported ${relativeTime(n.ReportedAt)}`}
              </Typography>
              <Box sx={{ justifySelf: 'end' }}>
                <ToneChip
                  label={n.Reporting ? 'Reporting' : 'Not reporting'}
                  tone={n.Reporting ? 'success' : n.Spooled > 0 ? 'error' : 'default'}
                />
              </Box>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
