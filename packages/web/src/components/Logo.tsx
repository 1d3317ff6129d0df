import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { PRODUCT_NAME } from '@vigil/contract';

/** The Vigil mark: a shield with a watchful eye. */
export function Logo({ size = 32, title }: { size?: number; title?: string }) {
  const id = useId();
  const gradient = `vigil-logo-${id.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      style={{ flexShrink: 0, display: 'block' }}
    >
      <defs>
        <linearGradient id={gradient} x1="10" y1="4" x2="54" y2="60" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#4f7cff" />
          <stop offset="1" stopColor="#14b8a6" />
        </linearGradient>
      </defs>
      <path d="M32 4 54 12v18c0 15-9.5 25.5-22 30C19.5 55.5 10 45 10 30V12Z" fill={`url(#${gradient})`} />
      <path d="M17 32c4.6-7.6 9.6-11 15-11s10.4 3.4 15 11c-4.6 7.6-9.6 11-15 11s-10.4-3.4-15-11Z" fill="#fff" />
      <circle cx="32" cy="32" r="6" fill="#0e1726" />
      <circle cx="34.2" cy="29.8" r="1.9" fill="#fff" />
    </svg>
  );
}

/** Logo with the product name. */
export function BrandMark({
  size = 32,
  color,
  hideName = false,
  sx,
}: {
  size?: number;
  color?: string;
  hideName?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box sx={[{ display: 'flex', alignItems: 'center', gap: 1.25 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Logo size={size} />
      {!hideName && (
        <Typography
          component="span"
          sx={{ fontWeight: 750, fontSize: size * 0.62, letterSpacing: '-0.02em', color: color ?? 'text.primary' }}
        >
          {PRODUCT_NAME}
        </Typography>
      )}
    </Box>
  );
}
