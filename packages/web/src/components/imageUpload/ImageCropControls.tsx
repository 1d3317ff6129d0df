// The crop shape (wide, banner, square) and zoom of the image upload.
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';

export const SHAPES = [
  { id: 'wide', label: 'Wide 3:1', aspect: 3 },
  { id: 'banner', label: 'Banner 4:1', aspect: 4 },
  { id: 'square', label: 'Square', aspect: 1 },
] as const;

export type CropShape = (typeof SHAPES)[number]['id'];

export function ImageCropControls({
  zoom,
  setZoom,
  shape,
  setShape,
}: {
  zoom: number;
  setZoom: (zoom: number) => void;
  shape: CropShape;
  setShape: (shape: CropShape) => void;
}) {
  return (
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
  );
}
