import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { Messages, POPUP_MAX_WIDTH } from '@vigil/contract';
import { OfflineBanner } from '../components/OfflineBanner';

/**
 * Popup window pages (features §4.6): no shell, content at most 1240 wide; Escape asks
 * before closing the window.
 */
export function WindowLayout() {
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      // An open dialog or menu (this confirmation included) handles its own Escape.
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('.MuiModal-root') || document.querySelector('.MuiModal-root')) return;
      setConfirming(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <OfflineBanner />
      <Box component="main" sx={{ maxWidth: POPUP_MAX_WIDTH, mx: 'auto', px: { xs: 2, md: 3 }, py: 3 }}>
        <Outlet />
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-describedby="close-window-text">
        <DialogContent>
          <DialogContentText id="close-window-text">{Messages.closeWindowConfirm}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => window.close()} autoFocus>
            Yes
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
