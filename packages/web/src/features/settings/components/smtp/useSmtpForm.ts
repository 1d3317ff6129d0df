// The state of the SMTP server form: values and errors, Test and save, and Send test e-mail.
import { useState } from 'react';
import type { EmailSettings } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { resolveErrorMessage } from '../../../../lib/errors';
import { useProfile } from '../../../../lib/queries';
import { isEmail as isAddress } from '../../../../lib/schedule';
import { useSaveEmailSettings, useTestEmailSettings } from '../../api/emailSettings';
import { formOf, inputOf, localErrors, serverErrors, type SmtpErrors, type SmtpFormValues } from '../../smtpForm';

export function useSmtpForm(
  current: EmailSettings | null,
  hasDefault: boolean,
  onSaved: (saved: EmailSettings) => void,
) {
  const snackbar = useSnackbar();
  const profile = useProfile();
  const save = useSaveEmailSettings();
  const test = useTestEmailSettings();
  const [form, setForm] = useState<SmtpFormValues>(() => formOf(current, !hasDefault));
  const [errors, setErrors] = useState<SmtpErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [recipient, setRecipient] = useState<string | null>(null);
  const testTo = recipient ?? profile.data?.Email ?? '';

  const set = (patch: Partial<SmtpFormValues>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof SmtpFormValues];
      return next;
    });
    setFailure(null);
  };

  const submit = async () => {
    const local = localErrors(form);
    if (Object.keys(local).length) return setErrors(local);
    setFailure(null);
    // The test message of the save goes to the "Send to" address when one is typed, else to the caller.
    const to = testTo.trim();
    try {
      const saved = await save.mutateAsync({
        ...inputOf(form, current),
        ...(isAddress(to) ? { TestRecipient: to } : {}),
      });
      onSaved(saved);
      snackbar.success(
        `Connection tested and settings saved; a test message was sent${isAddress(to) ? ` to ${to}` : ''}`,
      );
    } catch (err) {
      const fields = serverErrors(err);
      setErrors(fields);
      setFailure(resolveErrorMessage(err));
    }
  };

  const sendTest = async () => {
    const local = localErrors(form);
    if (!isAddress(testTo.trim())) local.TestRecipient = 'Invalid email address';
    if (Object.keys(local).length) return setErrors(local);
    setFailure(null);
    try {
      await test.mutateAsync({ ...inputOf(form, current), TestRecipient: testTo.trim() });
      snackbar.success(`Test e-mail sent to ${testTo.trim()}`);
    } catch (err) {
      setErrors(serverErrors(err));
      setFailure(resolveErrorMessage(err));
    }
  };

  const busy = save.isPending || test.isPending;
  const setTestRecipient = (value: string) => {
    setRecipient(value);
    setErrors((x) => ({ ...x, TestRecipient: undefined }));
  };

  return { form, errors, failure, testTo, set, setTestRecipient, submit, sendTest, save, test, busy };
}
