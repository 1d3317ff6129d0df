// The Logo section of Settings → Branding: upload or replace the logo, or remove it after a confirmation.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import type { BrandingInfo } from '@vigil/contract';
import { useAppSession } from '../../../../app/session';
import { ConfirmDialog, type ConfirmRequest } from '../../../../components/ConfirmDialog';
import { ImageUploadDialog } from '../../../../components/ImageUploadDialog';
import { useSnackbar } from '../../../../components/snackbar';
import { useSaveBranding, useUploadLogo } from '../../api/branding';
import { brandingInput, PUBLIC_LOGO_NOTICE } from './brandingForm';
import { CurrentLogo } from './CurrentLogo';

export function LogoSection({ current }: { current: BrandingInfo }) {
  const { settings } = useAppSession();
  const snackbar = useSnackbar();
  const save = useSaveBranding();
  const upload = useUploadLogo();
  const [dialog, setDialog] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const input = (logo: string | null) => brandingInput(current, logo);

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

  return (
    <>
      <Paper variant="outlined" sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
          Logo
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <CurrentLogo logo={current.Logo} tenantName={settings.TenantName ?? null} />
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
      <ImageUploadDialog
        open={dialog}
        title={current.Logo ? 'Replace logo' : 'Upload logo'}
        notice={PUBLIC_LOGO_NOTICE}
        onClose={() => setDialog(false)}
        onSave={uploadLogo}
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
