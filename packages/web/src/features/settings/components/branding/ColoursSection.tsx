// The Colours section of Settings → Branding: primary and accent colour, or the product's.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DEFAULT_BRANDING } from '@vigil/contract';
import type { ColoursForm } from './brandingForm';
import { ColorField } from './ColorField';

export function ColoursSection({
  form,
  errors,
  set,
  onSubmit: submit,
  saving,
  dirty,
}: {
  form: ColoursForm;
  errors: Partial<Record<keyof ColoursForm, string>>;
  set: (patch: Partial<ColoursForm>) => void;
  onSubmit: () => Promise<void>;
  saving: boolean;
  dirty: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label="Colours"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
        Colours
      </Typography>
      <Typography sx={{ fontSize: 14, color: 'text.secondary', mt: -1 }}>
        The primary colour marks the header of your PDF and HTML reports; the accent colour edges your name in the
        sidebar.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <ColorField
          id="brand-primary"
          label="Primary colour"
          value={form.primary}
          fallback={DEFAULT_BRANDING.PrimaryColor}
          error={errors.primary}
          onChange={(primary) => set({ primary })}
        />
        <ColorField
          id="brand-accent"
          label="Accent colour"
          value={form.accent}
          fallback={DEFAULT_BRANDING.AccentColor}
          error={errors.accent}
          onChange={(accent) => set({ accent })}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={() => set({ primary: '', accent: '' })} disabled={saving || (!form.primary && !form.accent)}>
          Use product colours
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty || saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </Box>
    </Paper>
  );
}
