import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import { copyText } from '../lib/clipboard';
import { useSnackbar } from './snackbar';

/** An icon button that copies `text` and confirms with a snackbar. */
export function CopyButton({
  text,
  label,
  successMessage = 'Copied to clipboard',
  size = 'medium',
}: {
  text: string;
  /** Accessible name, e.g. "Copy inbound e-mail address". */
  label: string;
  successMessage?: string;
  size?: 'small' | 'medium';
}) {
  const snackbar = useSnackbar();
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await copyText(text);
      snackbar.success(successMessage);
      setDone(true);
      window.setTimeout(() => setDone(false), 1500);
    } catch (err) {
      snackbar.error(err);
    }
  };
  return (
    <Tooltip title={done ? 'Copied' : label}>
      <IconButton aria-label={label} onClick={copy} size={size}>
        {done ? <CheckRoundedIcon fontSize="small" color="success" /> : <ContentCopyRoundedIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
