import { useCallback, useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { IMAGE_MAX_SIDE, MAX_FILE_SIZE } from '@vigil/contract';
import { resolveErrorMessage } from '../lib/errors';
import { cropToPng, imageFileProblem, type CropArea } from '../lib/image';

const SHAPES = [
  { id: 'wide', label: 'Wide 3:1', aspect: 3 },
  { id: 'banner', label: 'Banner 4:1', aspect: 4 },
  { id: 'square', label: 'Square', aspect: 1 },
] as const;

export interface ImageUploadDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Sends the cropped PNG; resolves when the upload (and whatever follows it) is done. */
  onSave: (png: Blob) => Promise<void>;
  /** Shown above the crop area (features §4.8: logo uploads are public). */
  notice?: string;
}

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

function UploadContent({
  title,
  onClose,
  onSave,
  notice,
  onBusy,
}: ImageUploadDialogProps & { onBusy: (busy: boolean) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [shape, setShape] = useState<(typeof SHAPES)[number]['id']>('wide');
  const [area, setArea] = useState<CropArea | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file, MAX_FILE_SIZE);
    if (problem) return setError(problem);
    setError(null);
    setArea(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setSrc(URL.createObjectURL(file));
  };

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const save = async () => {
    if (!src || !area) return;
    setPending(true);
    onBusy(true);
    setError(null);
    try {
      await onSave(await cropToPng(src, area, IMAGE_MAX_SIDE));
      onClose();
    } catch (err) {
      setError(resolveErrorMessage(err));
    } finally {
      setPending(false);
      onBusy(false);
    }
  };

  const aspect = SHAPES.find((s) => s.id === shape)?.aspect ?? 3;
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
          <>
            <Box
              sx={{
                position: 'relative',
                height: { xs: 260, sm: 320 },
                borderRadius: '12px',
                overflow: 'hidden',
                bgcolor: 'grey.900',
              }}
            >
              <Cropper
                image={src}
                crop={crop}
                zoom={zoom}
                aspect={aspect}
                minZoom={0.5}
                restrictPosition={false}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={onCropComplete}
              />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={shape}
                onChange={(_, v) => v && setShape(v)}
                aria-label="Crop shape"
              >
                {SHAPES.map((s) => (
                  <ToggleButton key={s.id} value={s.id}>
                    {s.label}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <Box sx={{ flex: 1, minWidth: 160, display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>Zoom</Typography>
                <Slider
                  size="small"
                  min={0.5}
                  max={3}
                  step={0.05}
                  value={zoom}
                  onChange={(_, v) => setZoom(v as number)}
                  aria-label="Zoom"
                />
              </Box>
            </Box>
          </>
        ) : (
          <Box
            role="button"
            tabIndex={0}
            onClick={() => input.current?.click()}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && input.current?.click()}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              choose(e.dataTransfer.files?.[0]);
            }}
            sx={{
              border: '2px dashed',
              borderColor: 'divider',
              borderRadius: '12px',
              p: 4,
              textAlign: 'center',
              cursor: 'pointer',
              color: 'text.secondary',
              '&:hover, &:focus-visible': { borderColor: 'primary.main', outline: 'none' },
            }}
          >
            <ImageOutlinedIcon sx={{ fontSize: 40, mb: 1 }} />
            <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>Choose an image or drop it here</Typography>
            <Typography sx={{ fontSize: 13 }}>
              PNG, JPEG, GIF or WebP up to 7 MB. It is saved as PNG, at most {IMAGE_MAX_SIDE} pixels wide or tall.
            </Typography>
          </Box>
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
