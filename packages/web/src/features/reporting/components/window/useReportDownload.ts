// Downloads of a ready report (PDF with its page options, Excel, CSV), one format at a time.
import { useCallback, useState } from 'react';
import { useSnackbar } from '../../../../components/snackbar';
import { downloadReport, type DownloadFormat } from '../../api/reports';
import { reportFileName } from '../../reportCells';
import type { Phase } from './useReportJob';

export function useReportDownload(phase: Phase, storageKey: string) {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState<DownloadFormat | null>(null);
  const download = useCallback(
    (format: DownloadFormat, pdf?: { landscape: boolean; formatA2: boolean }) => {
      if (phase.kind !== 'ready' || !phase.job.document) return;
      setBusy(format);
      downloadReport(phase.job.type, storageKey, format, reportFileName(phase.job.document, format), pdf)
        .catch((err: unknown) => snackbar.error(err))
        .finally(() => setBusy(null));
    },
    [phase, storageKey, snackbar],
  );
  return { download, busy };
}
