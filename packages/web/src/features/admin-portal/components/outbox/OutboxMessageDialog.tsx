// A sent e-mail as the recipient got it: subject, recipient, time, transport, and text or HTML.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { OutboxMessage } from '@vigil/contract';
import { OutboxMessageBody } from './OutboxMessageBody';
import { OutboxMessageMeta } from './OutboxMessageMeta';

export function OutboxMessageDialog({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<'text' | 'html'>('text');
  const hasHtml = !!message?.Html;
  const view = hasHtml ? tab : 'text';
  return (
    <Dialog
      open={!!message}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="outbox-message-title"
      slotProps={{ transition: { onExited: () => setTab('text') } }}
    >
      {message && (
        <>
          <DialogTitle id="outbox-message-title" sx={{ pr: 7 }}>
            {message.Subject || '(no subject)'}
            <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
              <CloseRoundedIcon />
            </IconButton>
          </DialogTitle>
          <OutboxMessageMeta message={message} />
          {hasHtml && (
            <Tabs
              value={view}
              onChange={(_e, v: 'text' | 'html') => setTab(v)}
              sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="text" label="Text" />
              <Tab value="html" label="HTML" />
            </Tabs>
          )}
          <DialogContent dividers={!hasHtml} sx={{ p: 0 }}>
            <OutboxMessageBody message={message} view={view} />
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
