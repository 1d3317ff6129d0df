import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { SUPPORT_TICKET_SENT, SupportTicketInput, type SupportTicket } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { useAppSession } from '../../../app/session';
import { useSendSupportTicket } from '../api/support';

/** `/app/support`: a message to the support team, answered by e-mail. */
export default function SupportPage() {
  const { auth } = useAppSession();
  const send = useSendSupportTicket();
  const snackbar = useSnackbar();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ Subject?: string; Message?: string }>({});
  const [sent, setSent] = useState<SupportTicket | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = SupportTicketInput.safeParse({ Subject: subject, Message: message });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as 'Subject' | 'Message'] ||= i.message;
      setErrors(next);
      return;
    }
    try {
      const ticket = await send.mutateAsync(parsed.data);
      setSent(ticket);
      setSubject('');
      setMessage('');
      snackbar.success('Message sent');
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
      snackbar.error(err);
    }
  };

  return (
    <>
      <PageHeader title="Support" subtitle="Questions, problems or ideas: write to our support team." />
      <Box sx={{ maxWidth: 760 }}>
        {sent && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSent(null)} role="status">
            <strong>Ticket #{sent.Id} sent.</strong> {SUPPORT_TICKET_SENT}
          </Alert>
        )}
        <Paper
          variant="outlined"
          component="form"
          noValidate
          onSubmit={(e) => void submit(e)}
          sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}
        >
          <Typography sx={{ color: 'text.secondary' }}>
            We reply to <strong>{auth.userName}</strong>. Include the company, backup or e-mail concerned and what you
            expected to see.
          </Typography>
          <TextField
            label="Subject"
            value={subject}
            required
            onChange={(e) => {
              setSubject(e.target.value);
              setErrors((x) => ({ ...x, Subject: undefined }));
            }}
            error={!!errors.Subject}
            helperText={errors.Subject}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label="Message"
            value={message}
            required
            multiline
            minRows={8}
            onChange={(e) => {
              setMessage(e.target.value);
              setErrors((x) => ({ ...x, Message: undefined }));
            }}
            error={!!errors.Message}
            helperText={errors.Message}
            slotProps={{ htmlInput: { maxLength: 10000 } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" startIcon={<SendRoundedIcon />} loading={send.isPending}>
              Send
            </Button>
          </Box>
        </Paper>
      </Box>
    </>
  );
}
