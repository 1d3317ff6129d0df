import { useState } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

/** The vendor's logo on a light tile; its initials when the logo cannot be loaded. */
export function VendorLogo({ src, title, size = 44 }: { src: string; title: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const initials = title
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
  return (
    <Box
      component="span"
      aria-hidden
      sx={(t) => ({
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '10px',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        fontWeight: 700,
        fontSize: 14,
        color: 'primary.main',
        // Logos are drawn for a light ground: keep the tile light in the dark theme too.
        bgcolor: failed ? alpha(t.palette.primary.main, 0.1) : '#fff',
        border: 1,
        borderColor: 'divider',
      })}
    >
      {failed ? (
        initials
      ) : (
        <Box
          component="img"
          src={src}
          alt=""
          onError={() => setFailed(true)}
          sx={{ width: '78%', height: '78%', objectFit: 'contain' }}
        />
      )}
    </Box>
  );
}
