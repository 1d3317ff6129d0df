// The drop zone of the image upload before a picture is chosen: click, Enter or drop a file.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { IMAGE_MAX_SIDE } from '@vigil/contract';

export function ImageDropZone({
  onBrowse,
  onDrop,
}: {
  onBrowse: () => void;
  onDrop: (file: File | undefined) => void;
}) {
  return (
    <Box
      role="button"
      tabIndex={0}
      onClick={() => onBrowse()}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onBrowse()}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        onDrop(e.dataTransfer.files?.[0]);
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
  );
}
