// Test parsing of an uploaded e-mail: start it, then poll its status until it ends.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { TEST_PARSING_POLL_MS, type TestParsingStarted, type TestParsingStatus } from '@vigil/contract';
import { api } from '../../../../lib/session';
import { TEST_PARSING_GIVE_UP_MS, parsingKeys } from './parsingKeys';

/** POST the .eml as multipart/form-data in the field "email". */
export function useStartTestParsing() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('email', file, file.name);
      return api.post<z.infer<typeof TestParsingStarted>>('/api/admin/test-parsing', form);
    },
  });
}

export function isTestParsingDone(status: TestParsingStatus['Status'] | undefined): boolean {
  return status === 'Completed' || status === 'Failed';
}

/** Polls a test parsing every second (platform §4) until it is Completed or Failed. */
export function useTestParsingStatus(identifier: string | null, startedAt: number) {
  return useQuery({
    queryKey: parsingKeys.test(identifier ?? ''),
    queryFn: () =>
      api.get<TestParsingStatus>('/api/admin/test-parsing/status', { query: { identifier: identifier ?? '' } }),
    enabled: !!identifier,
    staleTime: Infinity,
    refetchInterval: (q) =>
      isTestParsingDone(q.state.data?.Status) || q.state.dataUpdatedAt - startedAt > TEST_PARSING_GIVE_UP_MS
        ? false
        : TEST_PARSING_POLL_MS,
  });
}
