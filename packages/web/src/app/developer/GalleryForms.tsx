import { useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ModeFilter } from '@vigil/contract';
import { DayPicker } from '../../components/DayPicker';
import { ModeFilterField } from '../../components/ModeFilterField';
import { MultiSelect } from '../../components/MultiSelect';
import { PasswordField } from '../../components/PasswordField';
import { SearchField } from '../../components/SearchField';
import { DayStatusChip } from '../../components/results/StatusChip';
import { todayIn } from '../../lib/days';
import { STATUS_ORDER, dayStatusInfo } from '../../lib/audit';
import { SAMPLE_BACKUPS } from './gallerySamples';

const companies = [...new Set(SAMPLE_BACKUPS.map((b) => b.company))].map((c, i) => ({ value: i + 1, label: c }));

/** The form pieces: text, password, search, day picker, multi-select and the all/specific filter. */
export function GalleryForms() {
  const today = todayIn('UTC');
  const [day, setDay] = useState(today);
  const [search, setSearch] = useState('');
  const [statuses, setStatuses] = useState<number[]>([3, 4]);
  const [filter, setFilter] = useState<ModeFilter<number>>({ Mode: 'specific', Include: [], Exclude: [] });
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        <TextField id="gallery-name" label="Name" size="small" defaultValue="Nightly image" />
        <TextField id="gallery-required" label="Name" size="small" required error helperText="Name is required" />
        <PasswordField id="gallery-password" label="Password" size="small" defaultValue="Demo!Vigil1" />
        <SearchField id="gallery-search" label="Search" value={search} onChange={setSearch} />
        <DayPicker id="gallery-day" value={day} today={today} onChange={setDay} presets />
        <MultiSelect
          id="gallery-statuses"
          label="Statuses"
          options={STATUS_ORDER.map((s) => ({
            value: s,
            label: dayStatusInfo(s).label,
            adornment: <DayStatusChip status={s} label=" " />,
          }))}
          value={statuses}
          onChange={setStatuses}
        />
      </Box>
      <ModeFilterField
        id="gallery-companies"
        label="Companies"
        entity="company"
        options={companies}
        value={filter}
        onChange={setFilter}
      />
    </Box>
  );
}
