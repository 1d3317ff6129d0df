// The state of the Rename tag dialog: the value, its error, the tag it would merge into, and save.
import { useState } from 'react';
import type { Tag } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { useRenameTag } from '../../../../lib/tagsApi';
import { MAX_LENGTH } from './tagText';

export function useRenameTagForm(tag: Tag | null, tags: readonly Tag[], onClose: () => void) {
  const snackbar = useSnackbar();
  const rename = useRenameTag();
  const [shown, setShown] = useState<Tag | null>(tag);
  const [value, setValue] = useState(tag?.TagValue ?? '');
  const [error, setError] = useState<string | null>(null);
  if (tag && tag !== shown) {
    setShown(tag);
    setValue(tag.TagValue);
    setError(null);
  }
  const trimmed = value.trim();
  const other = shown
    ? tags.find((x) => x.Id !== shown.Id && x.TagValue.toLowerCase() === trimmed.toLowerCase())
    : undefined;

  const save = async () => {
    if (!shown) return;
    if (!trimmed) return setError('Tag is required');
    if (trimmed.length > MAX_LENGTH) return setError(`Tag must be at most ${MAX_LENGTH} characters`);
    if (trimmed === shown.TagValue) return onClose();
    try {
      await rename.mutateAsync({ Id: shown.Id, TagValue: trimmed });
      snackbar.success('Successfully renamed');
      onClose();
    } catch (err) {
      setError((err instanceof ApiError && err.fieldErrors.TagValue) || resolveErrorMessage(err));
    }
  };

  const change = (next: string) => {
    setValue(next.replace(/^\s+/, ''));
    setError(null);
  };

  return { shown, value, change, error, other, save, saving: rename.isPending };
}
