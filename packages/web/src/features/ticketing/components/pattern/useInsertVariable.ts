// Inserts a {variable} at the cursor of a pattern's text box and puts the cursor after it.
import { useRef } from 'react';
import type { PatternVariable } from '@vigil/contract';

export function useInsertVariable(value: string, onChange: (value: string) => void) {
  const input = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const insert = (name: PatternVariable) => {
    const el = input.current;
    const token = `{${name}}`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    // Put the cursor after the inserted variable once React has written the value.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return { input, insert };
}
