import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CouponCheck } from '@vigil/contract';
import { resolveErrorMessage } from '../../../lib/errors';
import { checkCoupon } from '../api/signup';

/** A coupon code with an Apply button that checks it at once and says what it gives. */
export function CouponField({
  value,
  onChange,
  serverError,
}: {
  value: string;
  onChange: (v: string) => void;
  serverError?: string;
}) {
  const [result, setResult] = useState<CouponCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    if (!value.trim()) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await checkCoupon(value.trim()));
    } catch (err) {
      setResult(null);
      setError(resolveErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const message = serverError ?? error ?? result?.Message;
  const bad = !!serverError || !!error || (result ? !result.Valid : false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        id="signup-coupon"
        label="Coupon (optional)"
        value={value}
        onChange={(e) => {
          onChange(e.target.value.replace(/^\s+/, ''));
          setResult(null);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void apply();
          }
        }}
        error={bad}
        helperText={message}
        slotProps={{
          formHelperText: { sx: { color: !bad && result?.Valid ? 'success.main' : undefined } },
          htmlInput: { autoCapitalize: 'characters', spellCheck: false },
        }}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" onClick={() => void apply()} loading={busy} sx={{ height: 56, minWidth: 84 }}>
        Apply
      </Button>
    </Stack>
  );
}
