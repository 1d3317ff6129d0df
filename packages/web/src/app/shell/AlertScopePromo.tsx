// The Alert Scope announcement beside its menu entry (features §6: tenantAdminOrStandard, 300 ms).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { PROMO_DELAY_MS } from './promo';
import { browserStorage } from '../../lib/storage';
import type { MenuItem } from '../menu';

const ENTRY = 'alerts-alpha';
const KEY = 'vigil.alertScopePromo';

/**
 * Shown 300 ms after the menu opens, next to the Alert Scope entry, until dismissed (remembered in
 * this browser). Only where the entry is: tenant administrators and standard users of a tenant
 * with Alert Radar. It does not block the page.
 */
export function AlertScopePromo({ items, collapsed }: { items: readonly MenuItem[]; collapsed: boolean }) {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dismissed, setDismissed] = useState(() => browserStorage()?.getItem(KEY) === '1');
  const offered = !dismissed && !collapsed && items.some((i) => i.id === ENTRY);

  // The entry of this sidebar (a closed phone drawer stays mounted, hidden: no promo there).
  const probe = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!offered) return;
    const timer = window.setTimeout(() => {
      const entry = probe.current?.parentElement?.querySelector<HTMLElement>(`[data-menu-id="${ENTRY}"]`) ?? null;
      setAnchor(entry && entry.checkVisibility({ visibilityProperty: true }) ? entry : null);
    }, PROMO_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [offered]);

  const dismiss = () => {
    browserStorage()?.setItem(KEY, '1');
    setDismissed(true);
  };

  return (
    <>
      <span ref={probe} hidden />
      <Popper open={offered && !!anchor} anchorEl={anchor} placement="right" sx={{ zIndex: 1250 }}>
        <Paper
          role="dialog"
          aria-label="New: Alert Scope"
          elevation={8}
          sx={{ ml: 1.5, p: 2, maxWidth: 300, borderRadius: '12px', border: 1, borderColor: 'primary.main' }}
        >
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>New: Alert Scope</Typography>
          <Typography sx={{ fontSize: 13.5, color: 'text.secondary', mb: 1.5 }}>
            Vigil now reads your alert e-mails too: how serious each one is, and the devices, jobs and values in it.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            <Button size="small" onClick={dismiss}>
              Dismiss
            </Button>
            <Button
              size="small"
              variant="contained"
              onClick={() => {
                dismiss();
                void navigate('/app/alerts-alpha');
              }}
            >
              Open Alert Scope
            </Button>
          </Box>
        </Paper>
      </Popper>
    </>
  );
}
