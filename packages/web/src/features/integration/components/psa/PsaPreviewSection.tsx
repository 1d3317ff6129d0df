// A live preview of the PSA companies the company filters let through.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CompanyFiltersPreview, CrmFilters } from '@vigil/contract';
import { OperationStatusLine } from './OperationStatus';
import { useOperation } from '../useOperation';

export function PsaPreviewSection({ integrationId, filters }: { integrationId: number; filters: CrmFilters | null }) {
  const preview = useOperation<CompanyFiltersPreview>(integrationId, 'company-filters');
  const previewData = preview.op?.Status === 'completed' ? preview.op.Data : null;
  const previewRows = previewData?.Companies ?? null;

  return (
    <Box component="section" aria-labelledby="psa-preview-title">
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography id="psa-preview-title" variant="h6" component="h2" sx={{ fontSize: 17 }}>
            Preview
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
            The PSA companies these filters let through (saved or not), read live from the PSA.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          onClick={() => void preview.start({ Filters: filters })}
          loading={preview.running}
          disabled={!filters}
        >
          Preview companies
        </Button>
      </Box>
      <OperationStatusLine
        op={preview.op}
        error={preview.error}
        onCancel={() => void preview.cancel()}
        doneText={previewData ? `${previewData.Matching} of ${previewData.Total} PSA companies would sync` : undefined}
        testId="psa-preview-status"
      />
      {previewRows && previewRows.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 1.5, borderRadius: '14px', overflow: 'auto', maxHeight: 420 }}>
          <Table size="small" stickyHeader aria-label="Companies that would sync">
            <TableHead>
              <TableRow>
                <TableCell>Company</TableCell>
                <TableCell>Identifier</TableCell>
                <TableCell>Active</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {previewRows.map((c) => (
                <TableRow key={c.Id}>
                  <TableCell>{c.Name}</TableCell>
                  <TableCell>{c.Identifier ?? '-'}</TableCell>
                  <TableCell>{c.IsActive ? 'Yes' : 'No'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
