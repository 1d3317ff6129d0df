// The Daily Activity grid's columns, and opening a row's result in its popup.
import { useCallback, useMemo } from 'react';
import type { AuditResult, DailyActivityRow } from '@vigil/contract';
import type { useAuditPopup } from '../../../../components/results/popups/AuditPopupProvider';
import type { IsoDay } from '../../../../lib/days';
import type { TenantFormats } from '../../../../lib/tenantFormats';
import { dailyColumns } from '../dailyColumns';
import { popupBackup } from './dailySession';

export function useDailyColumns(
  f: TenantFormats,
  date: IsoDay,
  canView: boolean,
  openPopup: ReturnType<typeof useAuditPopup>,
) {
  const openResult = useCallback(
    (row: DailyActivityRow, resultId = row.ResultID, resultIds = [row.ResultID]) =>
      openPopup({ kind: 'view', date, backups: [popupBackup(row)], resultId, resultIds }),
    [openPopup, date],
  );
  const columns = useMemo(
    () => dailyColumns({ time: f.time, onOpen: (r) => openResult(r), canOpen: canView }),
    // The formatter is rebuilt every render; its pattern and zone are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [f.timeZone, openResult, canView],
  );
  /** A result picked in the day drawer's status log, with the day's other results to step through. */
  const openFromLog = (row: DailyActivityRow, r: AuditResult, all: AuditResult[]) =>
    canView &&
    openPopup({
      kind: 'view',
      date,
      backups: [popupBackup(row)],
      resultId: r.ResultID,
      resultIds: all.map((x) => x.ResultID),
    });
  return { openResult, openFromLog, columns };
}
