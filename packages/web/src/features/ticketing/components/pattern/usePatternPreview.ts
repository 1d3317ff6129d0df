// The example text of a valid pattern, fetched 500 ms after the last change.
import { useEffect, useState } from 'react';
import { exampleValues, renderPattern, type TicketGroupByValue } from '@vigil/contract';
import { ApiError } from '../../../../lib/errors';
import { fetchPatternExample } from '../../api/subjects';

/** The example text for a valid pattern, fetched 500 ms after the last change. */
export function usePatternPreview(pattern: string, groupBy: TicketGroupByValue, valid: boolean): { text: string } {
  // The answer remembers what it is for, so an edited pattern never shows a stale example.
  const [answer, setAnswer] = useState<{ for: string; text: string }>({ for: '', text: '' });
  const key = `${groupBy}|${pattern}`;
  useEffect(() => {
    if (!valid || !pattern.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // The example endpoint takes patterns up to 1000 characters; longer descriptions are filled here.
      const local = () => renderPattern(pattern, exampleValues(groupBy));
      if (pattern.length > 1000) return setAnswer({ for: key, text: local() });
      fetchPatternExample({ Pattern: pattern, GroupBy: groupBy }, controller.signal)
        .then((r) => setAnswer({ for: key, text: r.Example }))
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          // A 400 means the server disagrees with the parser: show nothing rather than a guess.
          setAnswer({ for: key, text: err instanceof ApiError && err.status === 400 ? '' : local() });
        });
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [pattern, groupBy, valid, key]);
  return { text: valid && answer.for === key ? answer.text : '' };
}
