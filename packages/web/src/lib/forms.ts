import type { UseFormRegisterReturn } from 'react-hook-form';

/** Adapts react-hook-form's `register` to MUI TextField: the ref goes to the input element. */
export function muiField<N extends string>(registration: UseFormRegisterReturn<N>) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}
