import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BrandingInput, type BrandingInfo } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useSaveBranding } from '../api/branding';

export const FOOTER_MAX = 200;

/** The contract's message for a footer text it refuses, or null when the text is fine. */
export function footerError(text: string): string | null {
  const r = BrandingInput.shape.FooterText.safeParse(text);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Footer text is not valid');
}

/** Settings → Branding: the line printed at the foot of reports and report and alert e-mails. */
export function FooterTextForm({ current }: { current: BrandingInfo }) {
  const snackbar = useSnackbar();
  const save = useSaveBranding();
  const saved = current.FooterText ?? '';
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const problem = footerError(text);
    if (problem) return setError(problem);
    try {
      await save.mutateAsync({
        Logo: current.Logo,
        PrimaryColor: current.PrimaryColor,
        AccentColor: current.AccentColor,
        FooterText: text.trim() || null,
      });
      snackbar.success('Successfully updated');
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.FooterText : undefined;
      if (field) setError(field);
      else snackbar.error(resolveErrorMessage(err));
    }
  };

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
        <Button onClick={() => setText('')} disabled={save.isPending || !text}>
          Clear
        </Button>
        <Button type="submit" variant="contained" disabled={text.trim() === saved || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save footer'}
        </Button>
      </Box>
    </Paper>
  );
}
