// The report footer being edited, checked with the contract's rule and saved with the rest of the branding.
import { useState } from 'react';
import type { BrandingInfo } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { useSaveBranding } from '../../api/branding';
import { footerError } from './footerText';

export function useFooterText(current: BrandingInfo) {
  const snackbar = useSnackbar();
  const save = useSaveBranding();
  const saved = current.FooterText ?? '';
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const problem = footerError(text);
    if (problem) return setError(problem);
    try {
      await save.mutateAsync({
        Logo: current.Logo,
        PrimaryColor: current.PrimaryColor,
        AccentColor: current.AccentColor,
        FooterText: text.trim() || null,
      });
      snackbar.success('Successfully updated');
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.FooterText : undefined;
      if (field) setError(field);
      else snackbar.error(resolveErrorMessage(err));
    }
  };

  return { text, setText, error, setError, saved, saving: save.isPending, submit };
}
