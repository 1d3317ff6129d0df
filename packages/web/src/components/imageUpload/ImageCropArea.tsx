// The crop area of the image upload: the picture under a crop frame, with its shape and zoom controls.
import Cropper, { type Area } from 'react-easy-crop';
import Box from '@mui/material/Box';
import { ImageCropControls, SHAPES, type CropShape } from './ImageCropControls';

export function ImageCropArea({
  src,
  crop,
  setCrop,
  zoom,
  setZoom,
  shape,
  setShape,
  onCropComplete,
}: {
  src: string;
  crop: { x: number; y: number };
  setCrop: (crop: { x: number; y: number }) => void;
  zoom: number;
  setZoom: (zoom: number) => void;
  shape: CropShape;
  setShape: (shape: CropShape) => void;
  onCropComplete: (area: Area, pixels: Area) => void;
}) {
  const aspect = SHAPES.find((s) => s.id === shape)?.aspect ?? 3;
  return (
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
      <ImageCropControls zoom={zoom} setZoom={setZoom} shape={shape} setShape={setShape} />
    </>
  );
}
