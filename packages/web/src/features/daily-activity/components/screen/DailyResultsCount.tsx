// How many results the day has, on which weekday and date, above the Daily Activity grid.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { weekdayName, type IsoDay } from '../../../../lib/days';
import type { TenantFormats } from '../../../../lib/tenantFormats';

export function DailyResultsCount({ f, date, total }: { f: TenantFormats; date: IsoDay; total: number | undefined }) {
  return (
    <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
      {total !== undefined ? (
        <>
          <Box component="strong" sx={{ color: 'text.primary' }}>
            {total.toLocaleString('en-US')}
          </Box>{' '}
          result{total === 1 ? '' : 's'} on {weekdayName(date)}, {f.day(date)}
        </>
      ) : (
        ' '
      )}
    </Typography>
  );
}
