import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { DEFAULT_BRANDING, type BrandingInfo, type BrandingInput } from '@vigil/contract';
import { useAppSession } from '../../../app/session';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { ImageUploadDialog } from '../../../components/ImageUploadDialog';
import { Logo } from '../../../components/Logo';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useBranding, useSaveBranding, useUploadLogo } from '../api/branding';
import { BrandingPreview } from '../components/BrandingPreview';
import { FooterTextForm } from '../components/FooterTextForm';

const HEX = /^#[0-9a-fA-F]{6}$/;
export const PUBLIC_LOGO_NOTICE =
  'Logo uploads are publicly accessible: anyone with the image address can open it, so it can show in reports, e-mails and shared dashboards.';

interface Form {
  primary: string;
  accent: string;
}
const formOf = (b: BrandingInfo): Form => ({ primary: b.PrimaryColor ?? '', accent: b.AccentColor ?? '' });

/** `/app/settings/branding`: the tenant's logo and colours. */
export default function BrandingPage() {
  const branding = useBranding();
  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="Branding"
        subtitle="Your logo in the sidebar, in reports and report e-mails, and on shared dashboards; your colours in the sidebar and in PDF and HTML reports; your footer line under reports and e-mails."
      />
      {branding.isPending ? (
        <CircularProgress aria-label="Loading branding" />
      ) : branding.isError ? (
        <QueryError error={branding.error} onRetry={() => void branding.refetch()} />
      ) : (
        <BrandingForm key={JSON.stringify(branding.data)} current={branding.data} />
      )}
    </>
  );
}

function ColorField({
  id,
  label,
  value,
  fallback,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  fallback: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={`${label} picker`}
        value={HEX.test(value) ? value : fallback}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
        sx={{
          width: 48,
          height: 40,
          p: 0.25,
          border: 1,
          borderColor: 'divider',
          borderRadius: '8px',
          bgcolor: 'transparent',
        }}
      />
      <TextField
        id={id}
        label={label}
        size="small"
        value={value}
        placeholder={fallback}
        onChange={(e) => onChange(e.target.value.trim())}
        error={!!error}
        helperText={error ?? (value ? ' ' : 'Product colour')}
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
        sx={{ flex: 1 }}
      />
    </Box>
  );
}

function BrandingForm({ current }: { current: BrandingInfo }) {
  const { settings } = useAppSession();
  const snackbar = useSnackbar();
  const save = useSaveBranding();
  const upload = useUploadLogo();
  const [form, setForm] = useState<Form>(() => formOf(current));
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [dialog, setDialog] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const input = (logo: string | null, f: Form = formOf(current)): BrandingInput => ({
    Logo: logo,
    PrimaryColor: f.primary || null,
    AccentColor: f.accent || null,
    FooterText: current.FooterText,
  });

  const uploadLogo = async (png: Blob) => {
    const image = await upload.mutateAsync(png);
    // The new logo applies at once, with the colours as saved.
    await save.mutateAsync(input(image.Value));
    snackbar.success('Logo saved');
  };

  const askRemove = () =>
    setConfirm({
      title: 'Remove the logo',
      message: 'Remove your logo? The product logo shows in its place.',
      confirmLabel: 'Yes, Remove',
      action: async () => {
        await save.mutateAsync(input(null));
        snackbar.success('Logo removed');
      },
    });

  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };

  const submit = async () => {
    const e: typeof errors = {};
    if (form.primary && !HEX.test(form.primary)) e.primary = 'Colour must be a hex value like #1e6bd6';
    if (form.accent && !HEX.test(form.accent)) e.accent = 'Colour must be a hex value like #1e6bd6';
    if (Object.keys(e).length) return setErrors(e);
    try {
      await save.mutateAsync(input(current.Logo, form));
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
        <Paper variant="outlined" sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
            Logo
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <Box
              data-testid="current-logo"
              sx={{
                width: 220,
                maxWidth: '100%',
                height: 88,
                borderRadius: '12px',
                border: 1,
                borderColor: 'divider',
                bgcolor: '#fff',
                display: 'grid',
                placeItems: 'center',
                p: 1.5,
              }}
            >
              {current.Logo ? (
                <Box
                  component="img"
                  src={current.Logo}
                  alt={`${settings.TenantName ?? 'Tenant'} logo`}
                  sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
                />
              ) : (
                <Logo size={48} title="Product logo" />
              )}
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button variant="contained" startIcon={<CloudUploadOutlinedIcon />} onClick={() => setDialog(true)}>
                {current.Logo ? 'Replace logo' : 'Upload logo'}
              </Button>
              {current.Logo && (
                <Button color="error" startIcon={<DeleteOutlineRoundedIcon />} onClick={askRemove}>
                  Remove
                </Button>
              )}
            </Box>
          </Box>
          <Alert severity="info" variant="outlined" role="note">
            {PUBLIC_LOGO_NOTICE}
          </Alert>
        </Paper>

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
            <Button
              onClick={() => set({ primary: '', accent: '' })}
              disabled={save.isPending || (!form.primary && !form.accent)}
            >
              Use product colours
            </Button>
            <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </Box>
        </Paper>
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

      <ImageUploadDialog
        open={dialog}
        title={current.Logo ? 'Replace logo' : 'Upload logo'}
        notice={PUBLIC_LOGO_NOTICE}
        onClose={() => setDialog(false)}
        onSave={uploadLogo}
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}
