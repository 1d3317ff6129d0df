// The state of the add-user dialog, and adding the user (who is e-mailed a set-password link).
import { useState } from 'react';
import { isEmail, UserLevel } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError } from '../../../../lib/errors';
import { useAddTenantUser } from '../../api/tenants';

export function useAddTenantUserForm(tenantId: number, onClose: () => void) {
  const add = useAddTenantUser(tenantId);
  const snackbar = useSnackbar();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [level, setLevel] = useState<number>(UserLevel.Standard);
  const [groupId, setGroupId] = useState<number | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const reset = () => {
    setEmail('');
    setFirstName('');
    setLastName('');
    setLevel(UserLevel.Standard);
    setGroupId('');
    setErrors({});
  };
  const close = () => {
    if (add.isPending) return;
    reset();
    onClose();
  };

  const save = async () => {
    if (!email.trim()) return setErrors({ Email: 'Email is required' });
    if (!isEmail(email.trim())) return setErrors({ Email: `${email.trim()} in not valid email` });
    try {
      const user = await add.mutateAsync({
        Email: email.trim(),
        FirstName: firstName,
        LastName: lastName,
        Level: level,
        GroupId: groupId === '' ? null : groupId,
      });
      snackbar.success(`${user.Email} added. A link to set a password is on its way.`);
      reset();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
      else snackbar.error(err);
    }
  };

  return {
    ...{ email, setEmail, firstName, setFirstName, lastName, setLastName },
    ...{ level, setLevel, groupId, setGroupId, errors, close, save, adding: add.isPending },
  };
}
