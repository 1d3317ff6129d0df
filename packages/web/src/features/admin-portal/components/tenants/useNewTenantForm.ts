// The state of the new-tenant form: values, field errors, and creating the tenant.
import { useState } from 'react';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { useCreateTenant } from '../../api/tenantAccounts';

const empty = { Name: '', AdminFirstName: '', AdminLastName: '', AdminEmail: '', PlanHandle: '' };
export type NewTenantValues = typeof empty;

/** `onDone` runs after a successful create and on close. */
export function useNewTenantForm(onDone: () => void) {
  const create = useCreateTenant();
  const snackbar = useSnackbar();
  const [v, setV] = useState<NewTenantValues>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const close = () => {
    onDone();
    setV(empty);
    setErrors({});
  };
  const save = async () => {
    try {
      const r = await create.mutateAsync({ ...v, PlanHandle: v.PlanHandle || null });
      snackbar.success(r.Message);
      close();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(fields);
      if (!Object.keys(fields).length) snackbar.error(resolveErrorMessage(err));
    }
  };
  const field = (k: keyof NewTenantValues, label: string) => ({
    id: `new-tenant-${k}`,
    label,
    value: v[k],
    onChange: (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value })),
    error: !!errors[k],
    helperText: errors[k],
  });
  return { field, save, close, creating: create.isPending };
}
