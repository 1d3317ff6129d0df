// The state of the ticket profile form: values, errors (named by the form's labels), and save.
import { useState } from 'react';
import { PROFILE_MESSAGES, type TicketProfileInput } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError } from '../../../../lib/errors';
import type { usePsaLookup } from '../../api/lookups';
import { useSaveProfile } from '../../api/profileChanges';
import {
  changeProfile,
  formToPayload,
  validateProfile,
  type ProfileField,
  type ProfileFormValues,
} from '../../profileForm';
import { psaLabels } from '../psa/psaKinds';
import type { ChangeProfile, ProfileErrors } from './ProfileSection';

export function useProfileForm({
  id,
  initial,
  psa,
  boards,
  hasWebhookSecret,
  onSaved,
}: {
  id: number | null;
  initial: ProfileFormValues;
  psa: { crmType: number; crmId: number | null };
  boards: ReturnType<typeof usePsaLookup>;
  hasWebhookSecret: boolean;
  onSaved: (id: number) => void;
}) {
  const snackbar = useSnackbar();
  const save = useSaveProfile();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const labels = { ...psaLabels(psa.crmType), Name: 'Ticket Profile name', GroupBy: 'Group Backups by' };

  const change: ChangeProfile = (patch) => {
    setValues((v) => changeProfile(v, patch, psa.crmType));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as ProfileField];
      return next;
    });
  };

  const submit = async () => {
    const local = validateProfile(values, psa.crmType, labels, { hasWebhookSecret });
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    const payload: TicketProfileInput = formToPayload(values, { boards: boards.data, crmSourceId: psa.crmId });
    try {
      const saved = await save.mutateAsync(id ? { ...payload, Id: id } : payload);
      snackbar.success(id ? PROFILE_MESSAGES.updated : PROFILE_MESSAGES.created);
      onSaved(saved);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      if (Object.keys(fields).length) setErrors(fields as Partial<Record<ProfileField, string>>);
      else snackbar.error(err);
    }
  };

  return { values, change, errors, labels, submit, saving: save.isPending };
}
