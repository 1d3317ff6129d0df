import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { CRM_VENDORS, type CrmIntegration, type CrmVendor } from '@vigil/contract';
import { PsaCredentialFields } from './PsaCredentialFields';
import { PsaFormActions } from './PsaFormActions';
import { PsaValidationAlert } from './PsaValidationAlert';
import { usePsaCredentialsForm } from './usePsaCredentialsForm';

/**
 * The vendor's credential form (platform §7 Integrations): Validate asks the PSA and shows its
 * answer; Save validates again on the server and stores the credentials sealed; Delete turns
 * the PSA companies back into local ones.
 */
export function PsaCredentialsForm({
  vendor,
  current,
  canEdit,
  onCancel,
  onDeleted,
}: {
  vendor: CrmVendor;
  current: CrmIntegration | null;
  canEdit: boolean;
  onCancel?: () => void;
  onDeleted?: () => void;
}) {
  const label = CRM_VENDORS[vendor].label;
  const f = usePsaCredentialsForm(vendor, current);
  const { answer, validating, saving, validate, submit } = f;
  const disabled = !canEdit || f.busy;

  return (
    <Paper
      component="form"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: '14px' }}
      aria-labelledby="psa-form-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography id="psa-form-title" variant="h6" component="h2" sx={{ fontSize: 17 }}>
        {label} credentials
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontSize: 14, mt: 0.5, mb: 2.5 }}>
        Vigil reads companies and boards and opens, updates and closes tickets with these. Secrets are stored encrypted
        and never shown again.
      </Typography>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <PsaCredentialFields vendor={vendor} form={f} current={current} disabled={disabled} />
      </Box>

      <PsaValidationAlert answer={answer} />

      {canEdit && (
        <PsaFormActions
          label={label}
          current={current}
          validating={validating}
          saving={saving}
          onValidate={() => void validate()}
          onCancel={onCancel}
          onDeleted={onDeleted}
        />
      )}
    </Paper>
  );
}
