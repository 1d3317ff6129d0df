// Settings → Branding's form: the logo, the colours with a live preview, and the footer text.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BrandingInfo } from '@vigil/contract';
import { useAppSession } from '../../../../app/session';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { useSaveBranding } from '../../api/branding';
import { BrandingPreview } from './BrandingPreview';
import { FooterTextForm } from './FooterTextForm';
import { brandingInput, formOf, HEX, type ColoursForm } from './brandingForm';
import { ColoursSection } from './ColoursSection';
import { LogoSection } from './LogoSection';

export function BrandingForm({ current }: { current: BrandingInfo }) {
  const { settings } = useAppSession();
  const snackbar = useSnackbar();
  const save = useSaveBranding();
  const [form, setForm] = useState<ColoursForm>(() => formOf(current));
  const [errors, setErrors] = useState<Partial<Record<keyof ColoursForm, string>>>({});

  const set = (patch: Partial<ColoursForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };

  const submit = async () => {
    const e: typeof errors = {};
    if (form.primary && !HEX.test(form.primary)) e.primary = 'Colour must be a hex value like #1e6bd6';
    if (form.accent && !HEX.test(form.accent)) e.accent = 'Colour must be a hex value like #1e6bd6';
    if (Object.keys(e).length) return setErrors(e);
    try {
      await save.mutateAsync(brandingInput(current, current.Logo, form));
      snackbar.success('Successfully updated');
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors({ primary: fields.PrimaryColor, accent: fields.AccentColor });
      if (!Object.keys(fields).length) snackbar.error(resolveErrorMessage(err));
    }
  };

  const dirty = JSON.stringify(form) !== JSON.stringify(formOf(current));
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 380px' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <LogoSection current={current} />
        <ColoursSection form={form} errors={errors} set={set} onSubmit={submit} saving={save.isPending} dirty={dirty} />
        <FooterTextForm current={current} />
      </Box>

      <Paper variant="outlined" sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17, mb: 2 }}>
          Preview
        </Typography>
        <BrandingPreview
          logo={current.Logo}
          primary={HEX.test(form.primary) ? form.primary : null}
          accent={HEX.test(form.accent) ? form.accent : null}
          tenantName={settings.TenantName ?? 'Your company'}
        />
      </Paper>
    </Box>
  );
}
