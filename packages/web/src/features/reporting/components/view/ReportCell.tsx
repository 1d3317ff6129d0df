// One cell of a report table, typed: a status chip, a number, a time, or text.
import { alpha, useTheme } from '@mui/material/styles';
import type { ReportColumn, ReportDocument } from '@vigil/contract';
import { dayStatusInfo } from '../../../../lib/audit';
import { formatCell, isNumericColumn, type CellFormats } from '../../reportCells';

export function ReportCell({
  column,
  value,
  f,
}: {
  column: ReportColumn;
  value: ReportDocument['sections'][0]['rows'][0][0];
  f: CellFormats;
}) {
  const theme = useTheme();
  const text = formatCell(value, column.type, f);
  if (column.type === 'status' && typeof value === 'number') {
    const colour = theme.palette.status[dayStatusInfo(value).colour];
    return (
      <td>
        <span
          className="status"
          data-status={value}
          style={{ ['--status' as string]: colour, ['--status-bg' as string]: alpha(colour, 0.12) }}
        >
          {text}
        </span>
      </td>
    );
  }
  const cls = isNumericColumn(column.type)
    ? 'num'
    : column.type === 'date' || column.type === 'datetime'
      ? 'when'
      : undefined;
  return <td className={cls}>{text}</td>;
}
