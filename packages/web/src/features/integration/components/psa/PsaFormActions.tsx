// Validate, Save, Back and Delete of the PSA credential form.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import type { CrmIntegration } from '@vigil/contract';
import { PsaDeleteButton } from './PsaDeleteButton';

export function PsaFormActions({
  label,
  current,
  validating,
  saving,
  onValidate,
  onCancel,
  onDeleted,
}: {
  label: string;
  current: CrmIntegration | null;
  validating: boolean;
  saving: boolean;
  onValidate: () => void;
  onCancel?: () => void;
  onDeleted?: () => void;
}) {
  const busy = validating || saving;

  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 2.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button
        variant="outlined"
        startIcon={<VerifiedUserOutlinedIcon />}
        onClick={() => onValidate()}
        loading={validating}
        disabled={saving}
      >
        Validate
      </Button>
      <Button type="submit" variant="contained" loading={saving} disabled={validating}>
        Save
      </Button>
      {onCancel && (
        <Button onClick={onCancel} disabled={busy}>
          Back
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {current && <PsaDeleteButton label={label} current={current} disabled={busy} onDeleted={onDeleted} />}
    </Box>
  );
}
