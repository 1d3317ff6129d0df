import Avatar from '@mui/material/Avatar';

/** IT Glue's mark as a lettered badge in its green (no vendor artwork shipped). */
export function ItGlueLogo({ size = 44 }: { size?: number }) {
  return (
    <Avatar
      variant="rounded"
      aria-hidden
      sx={{ width: size, height: size, bgcolor: '#2d9c5a', color: '#fff', fontWeight: 700, fontSize: size * 0.38 }}
    >
      ITG
    </Avatar>
  );
}
