// The state of the administrator dialog, reset for each administrator shown, and save (add or edit).
import { useState } from 'react';
import { isEmail, Privilege, type AdministratorRow } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError } from '../../../../lib/errors';
import { useCreateAdministrator, useUpdateAdministrator } from '../../api/administrators';

export function useAdministratorForm(open: boolean, editing: AdministratorRow | null, onClose: () => void) {
  const create = useCreateAdministrator();
  const update = useUpdateAdministrator();
  const snackbar = useSnackbar();
  const [shown, setShown] = useState<AdministratorRow | null | undefined>(undefined);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [mask, setMask] = useState<number>(Privilege.successAdmin);
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (open && shown !== editing) {
    setShown(editing);
    setEmail(editing?.Email ?? '');
    setFirstName(editing?.FirstName ?? '');
    setLastName(editing?.LastName ?? '');
    setMask(editing?.Privileges ?? Privilege.successAdmin);
    setEnabled(editing?.IsEnabled ?? true);
    setErrors({});
  }
  const busy = create.isPending || update.isPending;
  const close = () => {
    if (busy) return;
    setShown(undefined);
    onClose();
  };

  const save = async () => {
    if (!editing) {
      if (!email.trim()) return setErrors({ Email: 'Email is required' });
      if (!isEmail(email.trim())) return setErrors({ Email: `${email.trim()} in not valid email` });
    }
    if (!mask) return setErrors({ Privileges: 'Choose at least one role' });
    try {
      if (editing) {
        await update.mutateAsync({
          Id: editing.Id,
          FirstName: firstName,
          LastName: lastName,
          Privileges: mask,
          IsEnabled: enabled,
        });
        snackbar.success('Successfully updated');
      } else {
        const row = await create.mutateAsync({
          Email: email.trim(),
          FirstName: firstName,
          LastName: lastName,
          Privileges: mask,
        });
        snackbar.success(`${row.Email} added. A link to set a password is on its way.`);
      }
      close();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
      else snackbar.error(err);
    }
  };

  return {
    ...{ email, setEmail, firstName, setFirstName, lastName, setLastName },
    ...{ mask, setMask, enabled, setEnabled, errors, busy, close, save },
  };
}
