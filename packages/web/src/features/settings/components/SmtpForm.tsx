import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { EmailSettings } from '@vigil/contract';
import { SmtpConnectionFields } from './smtp/SmtpConnectionFields';
import { SmtpDefaultSwitch } from './smtp/SmtpDefaultSwitch';
import { SmtpFormActions } from './smtp/SmtpFormActions';
import { SmtpSenderFields } from './smtp/SmtpSenderFields';
import { SmtpTestPanel } from './smtp/SmtpTestPanel';
import { useSmtpForm } from './smtp/useSmtpForm';

interface SmtpFormProps {
  current: EmailSettings | null;
  hasDefault: boolean;
  onSaved: (saved: EmailSettings) => void;
  /** Leaves a new server's form for the stored ones. */
  onCancel?: () => void;
  onDelete: (s: EmailSettings) => void;
}

/** The form of one SMTP server, new or stored: saving tests it first; a test message can be sent without saving. */
export function SmtpForm({ current, hasDefault, onSaved, onCancel, onDelete }: SmtpFormProps) {
  const { form, errors, failure, testTo, set, setTestRecipient, submit, sendTest, save, test, busy } = useSmtpForm(
    current,
    hasDefault,
    onSaved,
  );
  return (
    <>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label={current ? `SMTP server ${current.Host}:${current.Port}` : 'New SMTP server'}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
      >
        <Typography variant="h6" component="h2" sx={{ fontSize: 17, overflowWrap: 'anywhere' }}>
          {current ? `Server ${current.Host}:${current.Port}` : 'New SMTP server'}
        </Typography>
        <SmtpConnectionFields form={form} errors={errors} set={set} />
        <SmtpSenderFields form={form} errors={errors} set={set} current={current} />
        <SmtpDefaultSwitch form={form} set={set} current={current} hasDefault={hasDefault} />
        <SmtpFormActions
          current={current}
          testing={save.isPending}
          failure={failure}
          busy={busy}
          onCancel={onCancel}
          onDelete={onDelete}
        />
      </Paper>
      <SmtpTestPanel
        testTo={testTo}
        error={errors.TestRecipient}
        onRecipientChange={setTestRecipient}
        sending={test.isPending}
        disabled={busy && !test.isPending}
        onSend={() => void sendTest()}
      />
    </>
  );
}
