// Which alert e-mails go out, and the hour of the daily summary (in the tenant's time format).
import type { Dispatch, SetStateAction } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { EmailAlertSettings } from '@vigil/contract';
import { hourText } from '../../../../lib/schedule';
import { useTenantTimeFormat } from '../../../../lib/tenantFormats';

const KINDS: { key: 'BackupFailed' | 'BackupMissed' | 'DailySummary' | 'ScheduledReportFailed'; label: string }[] = [
  { key: 'BackupFailed', label: 'A backup failed' },
  { key: 'BackupMissed', label: 'A backup reported no result' },
  { key: 'DailySummary', label: 'Daily summary' },
  { key: 'ScheduledReportFailed', label: 'A scheduled report could not be sent' },
];

export function AlertKindsFields({
  value,
  setValue,
}: {
  value: EmailAlertSettings;
  setValue: Dispatch<SetStateAction<EmailAlertSettings>>;
}) {
  const timeFormat = useTenantTimeFormat();
  return (
    <>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {KINDS.map((k) => (
          <FormControlLabel
            key={k.key}
            control={
              <Checkbox
                checked={value[k.key]}
                onChange={(e) => setValue((v) => ({ ...v, [k.key]: e.target.checked }))}
              />
            }
            label={k.label}
          />
        ))}
      </FormGroup>
      {value.DailySummary && (
        <TextField
          select
          size="small"
          id="alerts-summary-hour"
          label="Daily summary at"
          value={value.SummaryHour}
          onChange={(e) => setValue((v) => ({ ...v, SummaryHour: Number(e.target.value) }))}
          sx={{ maxWidth: 220 }}
        >
          {Array.from({ length: 24 }, (_, h) => (
            <MenuItem key={h} value={h}>
              {hourText(h, timeFormat)}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
