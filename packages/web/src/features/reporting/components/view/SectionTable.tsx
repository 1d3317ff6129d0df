// One section of a report as a table, with its totals.
import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ReportSection } from '@vigil/contract';
import { isNumericColumn, type CellFormats } from '../../reportCells';
import { ReportCell as Cell } from './ReportCell';
import { reportTableSx as tableSx } from './reportTableSx';

export const SectionTable = memo(function SectionTable({ section, f }: { section: ReportSection; f: CellFormats }) {
  const theme = useTheme();
  return (
    <Box component="section" sx={{ mt: 4, '@media print': { mt: 2 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1, breakAfter: 'avoid' }}>
        {section.title}
        <Typography component="span" sx={{ ml: 1, color: 'text.secondary', fontSize: 14 }}>
          {section.rows.length.toLocaleString('en-US')} {section.rows.length === 1 ? 'row' : 'rows'}
        </Typography>
      </Typography>
      {section.rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 2 }}>{section.emptyText ?? 'Nothing to report.'}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
          <Box component="table" sx={tableSx(theme)} aria-label={section.title}>
            <thead>
              <tr>
                {section.columns.map((c) => (
                  <th key={c.key} scope="col" className={isNumericColumn(c.type) ? 'num' : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row, i) => (
                <tr key={i}>
                  {section.columns.map((c, j) => (
                    <Cell key={c.key} column={c} value={row[j] ?? null} f={f} />
                  ))}
                </tr>
              ))}
            </tbody>
            {section.totals && (
              <tfoot>
                <tr>
                  {section.columns.map((c, j) => (
                    <Cell key={c.key} column={c} value={section.totals?.[j] ?? null} f={f} />
                  ))}
                </tr>
              </tfoot>
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
});
