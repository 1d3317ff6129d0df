// The PSA's answer to Validate or Save of the credential form.
import Alert from '@mui/material/Alert';
import type { CrmValidation } from '@vigil/contract';

export function PsaValidationAlert({ answer }: { answer: CrmValidation | null }) {
  if (!answer) return null;
  return (
    <Alert severity={answer.IsValid ? 'success' : 'error'} sx={{ mt: 2 }} role="status" data-testid="psa-validation">
      {answer.IsValid ? answer.Message || 'The PSA accepted these credentials.' : answer.Message}
    </Alert>
  );
}
