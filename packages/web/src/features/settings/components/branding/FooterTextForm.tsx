import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BrandingInfo } from '@vigil/contract';
import { FOOTER_MAX } from './footerText';
import { useFooterText } from './useFooterText';

/** Settings → Branding: the line printed at the foot of reports and report and alert e-mails. */
export function FooterTextForm({ current }: { current: BrandingInfo }) {
  const { text, setText, error, setError, saved, saving, submit } = useFooterText(current);
  const length = text.trim().length;
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label="Report footer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
        Report footer
      </Typography>
      <Typography sx={{ fontSize: 14, color: 'text.secondary', mt: -1 }}>
        One line your clients see at the foot of every PDF, Excel and HTML report and under your report and alert
        e-mails — for example who to call for help. Leave it empty for no footer.
      </Typography>
      <TextField
        id="brand-footer"
        label="Footer text"
        multiline
        minRows={2}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ?? `${length} / ${FOOTER_MAX} characters`}
        slotProps={{ formHelperText: { sx: { textAlign: error ? 'left' : 'right' } } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={() => setText('')} disabled={saving || !text}>
          Clear
        </Button>
        <Button type="submit" variant="contained" disabled={text.trim() === saved || saving}>
          {saving ? 'Saving…' : 'Save footer'}
        </Button>
      </Box>
    </Paper>
  );
}
