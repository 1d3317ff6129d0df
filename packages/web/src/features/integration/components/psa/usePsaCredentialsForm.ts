// The state of the PSA credential form: values, field errors, the PSA's answer, validate and save.
import { useState } from 'react';
import { CRM_VENDORS, type CrmIntegration, type CrmValidation, type CrmVendor } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { useSavePsa, validatePsa } from '../../api/psaIntegration';
import { initialValues, integrationBody, validateValues, type CredentialValues } from '../../psaForm';

export function usePsaCredentialsForm(vendor: CrmVendor, current: CrmIntegration | null) {
  const snackbar = useSnackbar();
  const label = CRM_VENDORS[vendor].label;
  const [name, setName] = useState(current?.Name ?? label);
  const [values, setValues] = useState<CredentialValues>(() => initialValues(vendor, current));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<CrmValidation | null>(null);
  const [validating, setValidating] = useState(false);

  const save = useSavePsa();

  const busy = validating || save.isPending;

  const set = (field: string, v: string) => {
    setValues((old) => ({ ...old, [field]: v }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setAnswer(null);
  };

  const checked = () => {
    const e = validateValues(vendor, values, current);
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  /** Server field errors name either the credential field or `Credentials.{field}`. */
  const showServerErrors = (err: unknown) => {
    if (err instanceof ApiError && err.status === 400) {
      const fe: Record<string, string> = {};
      for (const [k, m] of Object.entries(err.fieldErrors)) fe[k.replace(/^Credentials\./, '')] = m;
      if (Object.keys(fe).length) setErrors(fe);
    }
  };

  const validate = async () => {
    if (!checked()) return;
    setValidating(true);
    setAnswer(null);
    try {
      setAnswer(await validatePsa(vendor, integrationBody(vendor, name, values, current)));
    } catch (err) {
      showServerErrors(err);
      setAnswer({ IsValid: false, Message: resolveErrorMessage(err) });
    } finally {
      setValidating(false);
    }
  };

  const submit = async () => {
    if (!checked()) return;
    setAnswer(null);
    try {
      await save.mutateAsync({ vendor, body: integrationBody(vendor, name, values, current) });
      snackbar.success(current ? `${label} integration updated` : `${label} connected`);
    } catch (err) {
      showServerErrors(err);
      setAnswer({ IsValid: false, Message: resolveErrorMessage(err) });
    }
  };

  return { name, setName, values, errors, answer, validating, saving: save.isPending, busy, set, validate, submit };
}
