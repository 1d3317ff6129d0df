import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { CouponType, CouponTypes } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useCreateCoupon } from '../api/sales';

const empty = {
  Code: '',
  Type: String(CouponType.PercentOff),
  Value: '',
  Description: '',
  MaxRedemptions: '',
  ExpiresOn: '',
};

/** A new coupon: code, kind and value, optional limit of redemptions and last day. */
export function CouponDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateCoupon();
  const snackbar = useSnackbar();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [v, setV] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const kind = CouponTypes.find((t) => String(t.Id) === v.Type) ?? CouponTypes[0];
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) =>
    setV((x) => ({ ...x, [k]: e.target.value }));

  const close = () => {
    setV(empty);
    setErrors({});
    onClose();
  };
  const save = async () => {
    const problems: Record<string, string> = {};
    if (!v.Code.trim()) problems.Code = 'Code is required';
    if (!/^\d+$/.test(v.Value)) problems.Value = 'Value must be a whole number';
    if (v.MaxRedemptions && !/^\d+$/.test(v.MaxRedemptions)) problems.MaxRedemptions = 'Enter a whole number';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const c = await create.mutateAsync({
        Code: v.Code.trim(),
        Type: Number(v.Type) as 1 | 2 | 3,
        Value: Number(v.Value),
        Description: v.Description,
        MaxRedemptions: v.MaxRedemptions ? Number(v.MaxRedemptions) : null,
        // The coupon works through the whole last day, in the admin's time zone.
        ExpiresAt: v.ExpiresOn ? new Date(`${v.ExpiresOn}T23:59:59`).toISOString() : null,
      });
      snackbar.success(`Coupon ${c.Code} created`);
      close();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      if (fields.ExpiresAt) fields.ExpiresOn = fields.ExpiresAt;
      setErrors(fields);
      if (!Object.keys(fields).length) snackbar.error(resolveErrorMessage(err));
    }
  };

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : close} fullWidth maxWidth="xs" fullScreen={fullScreen}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogTitle>New coupon</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              id="coupon-code"
              label="Code"
              value={v.Code}
              onChange={set('Code')}
              error={!!errors.Code}
              helperText={errors.Code ?? 'What a new MSP types at sign-up (letters, digits, - and _)'}
              autoFocus
            />
            <Stack direction="row" spacing={1.5}>
              <TextField id="coupon-type" select label="Kind" value={v.Type} onChange={set('Type')} sx={{ flex: 1 }}>
                {CouponTypes.map((t) => (
                  <MenuItem key={t.Id} value={String(t.Id)}>
                    {t.Name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                id="coupon-value"
                label="Value"
                value={v.Value}
                onChange={set('Value')}
                error={!!errors.Value}
                helperText={errors.Value}
                sx={{ width: 140 }}
                slotProps={{
                  htmlInput: { inputMode: 'numeric' },
                  input: { endAdornment: <InputAdornment position="end">{kind.Unit}</InputAdornment> },
                }}
              />
            </Stack>
            <TextField
              id="coupon-description"
              label="Description"
              value={v.Description}
              onChange={set('Description')}
              error={!!errors.Description}
              helperText={errors.Description}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <TextField
                id="coupon-max"
                label="Max redemptions"
                value={v.MaxRedemptions}
                onChange={set('MaxRedemptions')}
                error={!!errors.MaxRedemptions}
                helperText={errors.MaxRedemptions ?? 'Empty: no limit'}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
              <TextField
                id="coupon-expires"
                label="Last day"
                type="date"
                value={v.ExpiresOn}
                onChange={set('ExpiresOn')}
                error={!!errors.ExpiresOn}
                helperText={errors.ExpiresOn ?? 'Empty: never expires'}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Create
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
