import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

/** Renders a value (an otpauth:// URI) as a QR code image. */
export function QrCode({ value, size = 188, label }: { value: string; size?: number; label: string }) {
  const [src, setSrc] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    let alive = true;
    // The QR library is loaded only when a code is shown (set-up of two-factor sign-in).
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(value, {
          width: size * 2,
          margin: 1,
          errorCorrectionLevel: 'M',
          color: { dark: '#0e1726', light: '#ffffff' },
        }),
      )
      .then((url) => alive && setSrc({ value, url }))
      .catch(() => alive && setSrc(null));
    return () => {
      alive = false;
    };
  }, [value, size]);
  const url = src?.value === value ? src.url : null;
  return (
    <Box
      sx={{
        width: size + 16,
        height: size + 16,
        p: 1,
        borderRadius: '12px',
        bgcolor: '#ffffff',
        border: 1,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    >
      {url ? (
        <img src={url} width={size} height={size} alt={label} style={{ display: 'block' }} />
      ) : (
        <Skeleton variant="rectangular" width={size} height={size} />
      )}
    </Box>
  );
}
