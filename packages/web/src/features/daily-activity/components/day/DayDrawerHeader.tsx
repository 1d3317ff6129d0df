// The head of the day drawer: the day, the backup and its device and company, and Close.
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { DailyActivityRow } from '@vigil/contract';
import type { IsoDay } from '../../../../lib/days';
import { useTenantFormats } from '../../../../lib/tenantFormats';

export function DayDrawerHeader({ row, date, onClose }: { row: DailyActivityRow; date: IsoDay; onClose: () => void }) {
  const f = useTenantFormats();
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 2.5, pt: 2, pb: 1.5 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="overline" sx={{ color: 'primary.main', lineHeight: 1.6, display: 'block' }}>
          {f.day(date)}
        </Typography>
        <Typography id="day-drawer-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {row.JobName || '-'}
        </Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: 13.5, overflowWrap: 'anywhere' }}>
          {row.DeviceName} · {row.CompanyName}
        </Typography>
      </Box>
      <IconButton aria-label="Close details" onClick={onClose} sx={{ mt: 0.5, mr: -1 }}>
        <CloseRoundedIcon />
      </IconButton>
    </Box>
  );
}
