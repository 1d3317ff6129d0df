import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ImageUploadDialogProps } from './imageUpload/imageUploadProps';
import { UploadContent } from './imageUpload/UploadContent';

export type { ImageUploadDialogProps } from './imageUpload/imageUploadProps';

/**
 * Image upload (features §4.8): choose a picture, crop it, save. Save stays disabled until a crop
 * exists and while the upload runs; the crop is drawn at most IMAGE_MAX_SIDE pixels on its larger
 * side and sent as PNG.
 */
export function ImageUploadDialog(props: ImageUploadDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [busy, setBusy] = useState(false);
  // The content unmounts when the dialog closes, so each opening starts afresh.
  return (
    <Dialog open={props.open} onClose={busy ? undefined : props.onClose} fullScreen={phone} fullWidth maxWidth="sm">
      {props.open && <UploadContent {...props} onBusy={setBusy} />}
    </Dialog>
  );
}
