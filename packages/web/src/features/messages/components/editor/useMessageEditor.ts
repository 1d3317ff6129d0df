// The state of the message editor: the draft, its errors, the open tab, and publish or save.
import { useState } from 'react';
import { AppMessageInput, type AppMessage } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError } from '../../../../lib/errors';
import { useSaveMessage } from '../../api/messages';
import { draftBody, draftOf, type Draft, type SetDraft } from './messageDraft';
import type { EditorTab } from './MessageTextTabs';

export function useMessageEditor(message: AppMessage | null, onClose: () => void) {
  const snackbar = useSnackbar();
  const save = useSaveMessage();
  const [draft, setDraft] = useState<Draft>(() => draftOf(message));
  const [tab, setTab] = useState<EditorTab>('write');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pendingLocation, setPendingLocation] = useState('');
  const set: SetDraft = (key, value) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async () => {
    const body = draftBody(draft, pendingLocation);
    const parsed = AppMessageInput.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ||= issue.message;
      setErrors(next);
      if (next.Text) setTab('write');
      return;
    }
    try {
      await save.mutateAsync(message ? { ...parsed.data, Id: message.Id } : parsed.data);
      snackbar.success(message ? 'Message updated' : 'Message published');
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const next: Record<string, string> = {};
        for (const [field, text] of Object.entries(err.fieldErrors)) next[field.split('.')[0]] ||= text;
        setErrors(next);
      }
      snackbar.error(err);
    }
  };

  return { draft, set, tab, setTab, errors, pendingLocation, setPendingLocation, submit, saving: save.isPending };
}
