// The content of the image upload dialog: choose, crop and save a picture.
import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ImageCropArea } from './ImageCropArea';
import { ImageDropZone } from './ImageDropZone';
import type { ImageUploadDialogProps } from './imageUploadProps';
import { useImageCrop } from './useImageCrop';

export function UploadContent({
  title,
  onClose,
  onSave,
  notice,
  onBusy,
}: ImageUploadDialogProps & { onBusy: (busy: boolean) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const { src, crop, setCrop, zoom, setZoom, shape, setShape, area, error, pending, choose, onCropComplete, save } =
    useImageCrop(onSave, onClose, onBusy);

  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {notice && (
          <Alert severity="info" variant="outlined" role="note" data-testid="public-image-notice">
            {notice}
          </Alert>
        )}
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          data-testid="image-file-input"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {src ? (
          <ImageCropArea
            src={src}
            crop={crop}
            setCrop={setCrop}
            zoom={zoom}
            setZoom={setZoom}
            shape={shape}
            setShape={setShape}
            onCropComplete={onCropComplete}
          />
        ) : (
          <ImageDropZone onBrowse={() => input.current?.click()} onDrop={choose} />
        )}
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {src && (
          <Button onClick={() => input.current?.click()} disabled={pending} sx={{ mr: 'auto' }}>
            Choose another
          </Button>
        )}
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!area || pending}>
          {pending ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </>
  );
}
