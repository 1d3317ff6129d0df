import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import {
  popupPath,
  popupTitle,
  popupWindowId,
  readPopupData,
  storePopupData,
  type AuditPopupKind,
  type PopupBackup,
} from '../../../lib/auditWindows';
import type { IsoDay } from '../../../lib/days';
import { browserStorage } from '../../../lib/storage';
import { useWindowManager } from '../../WindowManagerProvider';
import { AuditPopupContent } from './AuditPopupContent';
import type { PopupHost } from './PopupFrame';

export interface PopupRequest {
  kind: AuditPopupKind;
  date: IsoDay;
  backups: PopupBackup[];
  resultId?: number;
  resultIds?: number[];
}

/** Popup sizes: forms are narrower than the result view with its e-mail. */
const SIZES: Record<AuditPopupKind, { width: number; height: number }> = {
  verify: { width: 720, height: 720 },
  remediate: { width: 720, height: 720 },
  restore: { width: 720, height: 720 },
  add: { width: 720, height: 680 },
  edit: { width: 1024, height: 800 },
  view: { width: 1024, height: 800 },
};

const PopupContext = createContext<((r: PopupRequest) => void) | null>(null);

interface DialogState {
  kind: AuditPopupKind;
  storageKey: string;
  resultId?: number;
}

function storageKeys(): string[] {
  try {
    return Object.keys(window.localStorage);
  } catch {
    return [];
  }
}

/**
 * Opens the audit popups (features §2.3) through the window manager: each is its own window
 * at `/window/audit/…`. On small screens, or when the browser blocks the window, the same
 * content opens in a dialog over the page instead.
 */
export function AuditPopupProvider({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const manager = useWindowManager();
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const open = useCallback(
    (r: PopupRequest) => {
      const storage = browserStorage();
      const storageKey = storePopupData(
        storage,
        { date: r.date, backups: r.backups, resultIds: r.resultIds },
        { keys: storageKeys() },
      );
      if (!small) {
        const id = popupWindowId(
          r.kind,
          r.date,
          r.backups.map((b) => b.PolicyId),
          r.resultId,
        );
        const url = popupPath(r.kind, storageKey, r.resultId);
        if (manager.open(id, url, SIZES[r.kind], popupTitle(r.kind, r.backups))) return;
      }
      setDialog({ kind: r.kind, storageKey, resultId: r.resultId });
    },
    [small, manager],
  );

  const host = useMemo<PopupHost>(
    () => ({
      mode: 'dialog',
      close: () => setDialog(null),
      go: (kind, resultId) => setDialog((d) => (d ? { ...d, kind, resultId } : d)),
    }),
    [],
  );
  const data = dialog ? readPopupData(browserStorage(), dialog.storageKey) : null;

  return (
    <PopupContext.Provider value={open}>
      {children}
      <Dialog
        open={!!dialog}
        onClose={() => setDialog(null)}
        fullWidth
        maxWidth={dialog?.kind === 'view' || dialog?.kind === 'edit' ? 'md' : 'sm'}
        fullScreen={phone}
        aria-labelledby="popup-title"
      >
        <Box sx={{ position: 'absolute', right: 8, top: 8, zIndex: 1 }}>
          <IconButton aria-label="Close" onClick={() => setDialog(null)}>
            <CloseRoundedIcon />
          </IconButton>
        </Box>
        <DialogContent sx={{ pt: 3 }}>
          {dialog && (
            <AuditPopupContent
              key={`${dialog.kind}-${dialog.resultId ?? ''}`}
              kind={dialog.kind}
              data={data}
              resultId={dialog.resultId}
              host={host}
            />
          )}
        </DialogContent>
      </Dialog>
    </PopupContext.Provider>
  );
}

/** Opens an audit popup; use inside `AuditPopupProvider`. */
export function useAuditPopup(): (r: PopupRequest) => void {
  const ctx = useContext(PopupContext);
  if (!ctx) throw new Error('useAuditPopup must be used inside AuditPopupProvider');
  return ctx;
}
