import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SCALEPAD_NAME } from '@vigil/contract';

function ScalePadMark() {
  return (
    <Box component="svg" viewBox="0 0 20 20" sx={{ width: 20, height: 20 }} aria-hidden>
      <rect x="1" y="1" width="18" height="18" rx="4" fill="#1d4ed8" />
      <path
        d="M6 13.5c1 .9 2.3 1.4 3.8 1.4 1.9 0 3.2-.9 3.2-2.3 0-3-6.6-1.7-6.6-5 0-1.4 1.3-2.4 3.1-2.4 1.2 0 2.3.3 3.2 1"
        fill="none"
        stroke="#fff"
        strokeWidth="1.7"
        strokeLinecap="round"
      />
    </Box>
  );
}

/** "Sign in with ScalePad": the browser goes to ScalePad and comes back to /page/scalePad/login. */
export function ScalePadButton({ signInUrl, disabled }: { signInUrl: string; disabled?: boolean }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      variant="outlined"
      color="inherit"
      size="large"
      fullWidth
      startIcon={<ScalePadMark />}
      loading={leaving}
      disabled={disabled}
      onClick={() => {
        setLeaving(true);
        window.location.assign(signInUrl);
      }}
      sx={{ borderColor: 'divider', fontWeight: 600, textTransform: 'none' }}
    >
      Sign in with {SCALEPAD_NAME}
    </Button>
  );
}
