import Alert, { type AlertColor } from '@mui/material/Alert';
import type { AppMessage } from '@vigil/contract';
import { MessageText } from './MessageText';

export const severityColor: Record<number, AlertColor> = { 1: 'info', 2: 'warning', 3: 'error' };
export const severityLabel: Record<number, string> = { 1: 'Info', 2: 'Warning', 3: 'Error' };

/** One app message as a banner in its severity's colour; `onDismiss` adds the close button. */
export function MessageBanner({
  message,
  onDismiss,
  square,
}: {
  message: Pick<AppMessage, 'Severity' | 'Text'>;
  onDismiss?: () => void;
  square?: boolean;
}) {
  const color = severityColor[message.Severity] ?? 'info';
  return (
    <Alert
      severity={color}
      variant="standard"
      onClose={onDismiss}
      role={message.Severity >= 2 ? 'alert' : 'status'}
      slotProps={{ closeButton: { title: 'Dismiss' } }}
      sx={{
        borderRadius: square ? 0 : 1,
        border: 1,
        borderColor: `${color}.main`,
        ...(square && { borderLeft: 0, borderRight: 0, borderTop: 0 }),
        '& .MuiAlert-message': { flex: 1, minWidth: 0 },
      }}
    >
      <MessageText text={message.Text} />
    </Alert>
  );
}
