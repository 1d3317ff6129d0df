import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useAuditOptions } from '../lib/auditApi';
import { dayStatusInfo } from '../lib/audit';
import type { MultiSelectOption } from './MultiSelect';
import { dayStatusColour } from './results/StatusChip';

/** Statuses a tile or report can filter by, in the default order (features §9). */
export const STATUS_CHOICES = [1, 2, 3, 4, 5, 6] as const;

export function useStatusOptions(): MultiSelectOption<number>[] {
  const theme = useTheme();
  return STATUS_CHOICES.map((s) => ({
    value: s,
    label: dayStatusInfo(s).label,
    adornment: (
      <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: dayStatusColour(theme, s), flexShrink: 0 }} />
    ),
  }));
}

/** The choices of the company, vendor, tag and status filters, from the audit's sources. */
export function useFilterChoices() {
  const options = useAuditOptions();
  const statusOptions = useStatusOptions();
  const companies = (options.data?.companies ?? [])
    .filter((c): c is { id: number; name: string } => c.id !== null)
    .map((c) => ({ value: c.id, label: c.name }));
  const vendors = (options.data?.vendors ?? []).map((v) => ({ value: v.id, label: v.name }));
  const tags = (options.data?.tags ?? []).map((t) => ({ value: t, label: t }));
  return { companies, vendors, tags, statusOptions, loading: options.isPending };
}
