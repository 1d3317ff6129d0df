// The state of the ticket rule form: the rule, its errors, a profile made in the popup, and save.
import { useCallback, useState } from 'react';
import type { TicketRule, TicketRuleInput } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError } from '../../../../lib/errors';
import { useProfileEvents } from '../../api/profileChanges';
import { useSaveRule } from '../../api/rules';
import { newRule, ruleToInput, validateRule } from '../../ruleForm';
import type { RuleErrors, SetRule } from './ruleFormTypes';

export function useRuleForm(rule: TicketRule | null, onSaved: (rule: TicketRule) => void) {
  const snackbar = useSnackbar();
  const save = useSaveRule();
  const [value, setValue] = useState<TicketRuleInput>(() => (rule ? ruleToInput(rule) : newRule(null)));
  const [errors, setErrors] = useState<RuleErrors>({});

  const set: SetRule = (patch) => {
    setValue((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof TicketRuleInput];
      return next;
    });
  };
  // A profile created in the popup becomes this rule's profile.
  const onCreated = useCallback((id: number) => setValue((v) => ({ ...v, ProfileId: id })), []);
  useProfileEvents(onCreated);

  const submit = async () => {
    const local = validateRule(value);
    if (Object.keys(local).length) return setErrors(local);
    try {
      const saved = await save.mutateAsync({ id: rule?.Id ?? null, input: { ...value, Name: value.Name.trim() } });
      snackbar.success(rule ? 'Successfully updated' : 'Ticket rule created successfully');
      onSaved(saved);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      if (Object.keys(fields).length) setErrors(fields);
      else snackbar.error(err);
    }
  };

  return { value, set, errors, submit, saving: save.isPending };
}
