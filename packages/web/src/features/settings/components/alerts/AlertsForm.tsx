// The alert e-mails form: which alerts, when the daily summary goes, and the recipients.
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { EmailAlertSettings } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError } from '../../../../lib/errors';
import { RecipientsField, type RecipientsHandle } from '../../../../components/RecipientsField';
import { useSaveEmailAlerts } from '../../api/emailSettings';
import { AlertKindsFields } from './AlertKindsFields';

export function AlertsForm({ saved }: { saved: EmailAlertSettings }) {
  const snackbar = useSnackbar();
  const save = useSaveEmailAlerts();
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const field = useRef<RecipientsHandle | null>(null);

  const submit = async () => {
    const Recipients = field.current ? field.current.commit() : value.Recipients;
    if (!Recipients) return;
    try {
      await save.mutateAsync({ ...value, Recipients });
      snackbar.success('Successfully saved');
    } catch (err) {
      const f = err instanceof ApiError ? err.fieldErrors : {};
      const message = Object.entries(f).find(([k]) => k.startsWith('Recipients'))?.[1];
      if (message) setError(message);
      else snackbar.error(err);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <AlertKindsFields value={value} setValue={setValue} />
      <RecipientsField
        id="alerts-recipients"
        value={value.Recipients}
        onChange={(Recipients) => {
          setValue((v) => ({ ...v, Recipients }));
          setError(undefined);
        }}
        error={error}
        onError={setError}
        ref={field}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Save alerts
        </Button>
      </Box>
    </Box>
  );
}
