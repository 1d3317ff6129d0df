import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { AppMessageInput, MESSAGE_TEXT_MAX, MessageLocation, MessageSeverity, type AppMessage } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { useSaveMessage } from '../api/messages';
import { MessageBanner, severityLabel } from '../../../components/messages/MessageBanner';

/** Paths people most often aim a message at; any other path pattern can be typed. */
const SUGGESTED = [
  '/app/**',
  '/app/dashboard',
  '/app/audit',
  '/app/daily-activity',
  '/app/manage/*',
  '/app/settings/*',
  '/admin/**',
];

interface Draft {
  Severity: number;
  Text: string;
  IsDismissible: boolean;
  IsActive: boolean;
  Locations: string[];
  StartsAt: string;
  EndsAt: string;
}

/** `datetime-local` values are local wall-clock times; the API takes ISO instants. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

const draftOf = (m: AppMessage | null): Draft => ({
  Severity: m?.Severity ?? MessageSeverity.Info,
  Text: m?.Text ?? '',
  IsDismissible: m?.IsDismissible ?? true,
  IsActive: m?.IsActive ?? true,
  Locations: m?.Locations ?? [],
  StartsAt: toLocalInput(m?.StartsAt ?? null),
  EndsAt: toLocalInput(m?.EndsAt ?? null),
});

/** Create or edit an app message: markdown with a preview, severity, dismissible, where and when. */
export function MessageEditorDialog({
  open,
  message,
  onClose,
}: {
  open: boolean;
  message: AppMessage | null;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const snackbar = useSnackbar();
  const save = useSaveMessage();
  const [draft, setDraft] = useState<Draft>(() => draftOf(message));
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pendingLocation, setPendingLocation] = useState('');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async () => {
    const locations = [...draft.Locations];
    const typed = pendingLocation.trim();
    if (typed && !locations.includes(typed)) locations.push(typed);
    const body = {
      Severity: draft.Severity,
      Text: draft.Text,
      IsDismissible: draft.IsDismissible,
      IsActive: draft.IsActive,
      Locations: locations,
      StartsAt: fromLocalInput(draft.StartsAt),
      EndsAt: fromLocalInput(draft.EndsAt),
    };
    const parsed = AppMessageInput.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ||= issue.message;
      setErrors(next);
      if (next.Text) setTab('write');
      return;
    }
    try {
      await save.mutateAsync(message ? { ...parsed.data, Id: message.Id } : parsed.data);
      snackbar.success(message ? 'Message updated' : 'Message published');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const next: Record<string, string> = {};
        for (const [field, text] of Object.entries(err.fieldErrors)) next[field.split('.')[0]] ||= text;
        setErrors(next);
      }
      snackbar.error(err);
    }
  };

  const locationError = (v: string) => {
    const r = MessageLocation.safeParse(v);
    return r.success ? '' : r.error.issues[0].message;
  };

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <DialogTitle>{message ? 'Edit message' : 'New message'}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: '8px !important' }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            label="Severity"
            value={draft.Severity}
            onChange={(e) => set('Severity', Number(e.target.value))}
            sx={{ width: 180 }}
            size="small"
          >
            {Object.values(MessageSeverity).map((s) => (
              <MenuItem key={s} value={s}>
                {severityLabel[s]}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={draft.IsDismissible} onChange={(e) => set('IsDismissible', e.target.checked)} />}
            label="Users can dismiss it"
          />
          <FormControlLabel
            control={<Switch checked={draft.IsActive} onChange={(e) => set('IsActive', e.target.checked)} />}
            label="Active"
          />
        </Box>

        <Box>
          <Tabs value={tab} onChange={(_e, v: 'write' | 'preview') => setTab(v)} sx={{ minHeight: 36, mb: 1 }}>
            <Tab value="write" label="Write" sx={{ minHeight: 36 }} />
            <Tab value="preview" label="Preview" sx={{ minHeight: 36 }} />
          </Tabs>
          {tab === 'write' ? (
            <TextField
              label="Text"
              placeholder="Markdown: **bold**, _italic_, [link](https://…), lists"
              multiline
              minRows={5}
              maxRows={14}
              fullWidth
              value={draft.Text}
              onChange={(e) => set('Text', e.target.value)}
              error={!!errors.Text}
              helperText={errors.Text || `${draft.Text.length} / ${MESSAGE_TEXT_MAX} · Markdown`}
              slotProps={{ htmlInput: { maxLength: MESSAGE_TEXT_MAX, 'aria-label': 'Text' } }}
            />
          ) : draft.Text.trim() ? (
            <Box aria-label="Preview" sx={{ minHeight: 138 }}>
              <MessageBanner message={draft} onDismiss={draft.IsDismissible ? () => undefined : undefined} />
            </Box>
          ) : (
            <Typography sx={{ color: 'text.secondary', minHeight: 138, pt: 2 }}>Nothing to preview yet.</Typography>
          )}
        </Box>

        <Autocomplete
          multiple
          freeSolo
          options={SUGGESTED}
          value={draft.Locations}
          inputValue={pendingLocation}
          onInputChange={(_e, v) => setPendingLocation(v)}
          onChange={(_e, v) => set('Locations', v.map((x) => x.trim()).filter(Boolean))}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...rest } = getItemProps({ index });
              const bad = locationError(option);
              return (
                <Chip
                  key={key}
                  {...rest}
                  size="small"
                  label={option}
                  color={bad ? 'error' : 'default'}
                  title={bad || undefined}
                />
              );
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="Locations"
              placeholder={draft.Locations.length ? '' : 'Everywhere'}
              error={!!errors.Locations}
              helperText={
                errors.Locations ||
                'Pages where it shows; empty shows it everywhere. /app/audit also covers pages below it; * is one path segment, ** any.'
              }
            />
          )}
        />

        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextField
            type="datetime-local"
            label="Starts"
            value={draft.StartsAt}
            onChange={(e) => set('StartsAt', e.target.value)}
            error={!!errors.StartsAt}
            helperText={errors.StartsAt || 'Empty: now'}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: '1 1 220px' }}
          />
          <TextField
            type="datetime-local"
            label="Ends"
            value={draft.EndsAt}
            onChange={(e) => set('EndsAt', e.target.value)}
            error={!!errors.EndsAt}
            helperText={errors.EndsAt || 'Empty: until switched off'}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: '1 1 220px' }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} loading={save.isPending}>
          {message ? 'Save' : 'Publish'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
