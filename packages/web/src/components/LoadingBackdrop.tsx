import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { Logo } from './Logo';

const pulse = keyframes`
  0%, 100% { transform: scale(1); opacity: 1; }
  50% { transform: scale(0.92); opacity: 0.75; }
`;

/** The shared loading backdrop: the logo and a line of text (platform §2). */
export function LoadingBackdrop({ open = true, text = 'Loading…' }: { open?: boolean; text?: string }) {
  return (
    <Backdrop
      open={open}
      sx={(t) => ({
        zIndex: t.zIndex.modal + 1,
        bgcolor: t.palette.mode === 'dark' ? 'rgba(11,17,27,0.92)' : 'rgba(244,246,250,0.92)',
        backdropFilter: 'blur(2px)',
      })}
    >
      <Box
        role="status"
        aria-live="polite"
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2.5, minWidth: 220 }}
      >
        <Box sx={{ animation: `${pulse} 1.6s ease-in-out infinite` }}>
          <Logo size={64} />
        </Box>
        <Typography sx={{ color: 'text.secondary', fontWeight: 500 }}>{text}</Typography>
        <LinearProgress sx={{ width: 160, borderRadius: '4px' }} aria-hidden />
      </Box>
    </Backdrop>
  );
}
