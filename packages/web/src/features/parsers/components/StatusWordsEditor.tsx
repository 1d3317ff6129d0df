import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import type { StatusWord } from '@vigil/contract';
import type { Status } from '../derive';

const STATUSES: Status[] = ['Success', 'Warning', 'Failure'];

/** The words that decide the status: found in the status text, the worst one wins. */
export function StatusWordsEditor({ words, onChange }: { words: StatusWord[]; onChange: (w: StatusWord[]) => void }) {
  const set = (i: number, w: Partial<StatusWord>) => onChange(words.map((x, j) => (j === i ? { ...x, ...w } : x)));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography sx={{ fontSize: 13.5, color: 'text.secondary' }}>
        Status words: when one is found in the status text, it decides the status (the worst one found wins).
      </Typography>
      {words.map((w, i) => (
        <Box key={i} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 140px auto', gap: 1 }}>
          <TextField
            size="small"
            label="Word or phrase"
            value={w.Text}
            onChange={(e) => set(i, { Text: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `status-word-${i}` } }}
          />
          <TextField
            select
            size="small"
            label="Means"
            value={w.Status}
            onChange={(e) => set(i, { Status: e.target.value as Status })}
          >
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <IconButton
            aria-label={`Remove ${w.Text || 'word'}`}
            onClick={() => onChange(words.filter((_, j) => j !== i))}
          >
            <DeleteOutlineRoundedIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddRoundedIcon />}
          onClick={() => onChange([...words, { Text: '', Status: 'Success' }])}
        >
          Add word
        </Button>
      </Box>
    </Box>
  );
}
