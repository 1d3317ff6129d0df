// The range of Admin Portal → Statistics: a preset, or custom From and To days (UTC), checked as typed.
import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { presetRange, type DatePreset } from '../../../../lib/days';
import type { Range } from '../../api/operations';
import { PRESETS, rangeProblem, today } from './statisticsRange';

/** `range` is the applied range; `setRange` applies a complete, valid one. */
export function StatisticsRangeFields({ range, setRange }: { range: Range; setRange: (r: Range) => void }) {
  const [draft, setDraft] = useState<Range>(range);
  const [preset, setPreset] = useState<DatePreset | 'custom'>('last30days');
  const problem = rangeProblem(draft);

  const change = (next: Range) => {
    setDraft(next);
    setPreset('custom');
    if (next.From && next.To && next.From <= next.To && next.To <= today()) setRange(next);
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        label="Range"
        value={preset}
        sx={{ width: { xs: '100%', sm: 180 } }}
        onChange={(e) => {
          const key = e.target.value as DatePreset | 'custom';
          setPreset(key);
          if (key === 'custom') return;
          const r = presetRange(key, today());
          setDraft({ From: r.from, To: r.to });
          setRange({ From: r.from, To: r.to });
        }}
      >
        {PRESETS.map((p) => (
          <MenuItem key={p.key} value={p.key}>
            {p.label}
          </MenuItem>
        ))}
        <MenuItem value="custom">Custom</MenuItem>
      </TextField>
      <TextField
        size="small"
        type="date"
        label="Date Filter From"
        value={draft.From}
        onChange={(e) => change({ ...draft, From: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: 'calc(50% - 8px)', sm: 180 } }}
      />
      <TextField
        size="small"
        type="date"
        label="Date Filter To"
        value={draft.To}
        onChange={(e) => change({ ...draft, To: e.target.value })}
        error={!!problem}
        helperText={problem ?? undefined}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: { xs: 'calc(50% - 8px)', sm: 180 } }}
      />
    </Box>
  );
}
