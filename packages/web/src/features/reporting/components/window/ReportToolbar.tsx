// The report window's toolbar: back to On Demand (inside the app), row count, print and downloads.
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import type { ReportJobResult } from '@vigil/contract';
import type { DownloadFormat } from '../../api/reports';
import { PdfDownloadButton, type OnDownload } from './PdfDownloadButton';
import { TableDownloadButtons } from './TableDownloadButtons';

export interface ReportToolbarProps {
  job: ReportJobResult;
  inPage: boolean;
  onDownload: OnDownload;
  busy: DownloadFormat | null;
}

export function ReportToolbar({ job, inPage, onDownload, busy }: ReportToolbarProps) {
  const theme = useTheme();
  const size = useMediaQuery(theme.breakpoints.down('sm')) ? 'small' : 'medium';
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        mb: 2,
        pb: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '@media print': { display: 'none' },
      }}
      role="toolbar"
      aria-label="Report actions"
    >
      {inPage && (
        <Button
          component={RouterLink}
          to="/app/reporting/on-demand"
          startIcon={<ArrowBackIcon />}
          color="inherit"
          size={size}
          sx={{ mr: { xs: 'auto', sm: 0 } }}
        >
          On Demand
        </Button>
      )}
      <Typography sx={{ color: 'text.secondary', fontSize: 13, mr: 'auto', display: { xs: 'none', sm: 'block' } }}>
        {(job.rowCount ?? 0).toLocaleString('en-US')} {job.rowCount === 1 ? 'row' : 'rows'}
      </Typography>
      <Button variant="outlined" size={size} startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
        Print
      </Button>
      <PdfDownloadButton size={size} busy={busy} onDownload={onDownload} />
      <TableDownloadButtons size={size} busy={busy} onDownload={onDownload} />
    </Box>
  );
}
