// Download the report as Excel or CSV.
import Button from '@mui/material/Button';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import TextSnippetOutlinedIcon from '@mui/icons-material/TextSnippetOutlined';
import type { DownloadFormat } from '../../api/reports';
import type { OnDownload } from './PdfDownloadButton';

export function TableDownloadButtons({
  size,
  busy,
  onDownload,
}: {
  size: 'small' | 'medium';
  busy: DownloadFormat | null;
  onDownload: OnDownload;
}) {
  return (
    <>
      <Button
        variant="outlined"
        size={size}
        startIcon={<TableChartOutlinedIcon />}
        onClick={() => onDownload('excel')}
        disabled={busy === 'excel'}
      >
        Excel
      </Button>
      <Button
        variant="outlined"
        size={size}
        startIcon={<TextSnippetOutlinedIcon />}
        onClick={() => onDownload('csv')}
        disabled={busy === 'csv'}
      >
        CSV
      </Button>
    </>
  );
}
