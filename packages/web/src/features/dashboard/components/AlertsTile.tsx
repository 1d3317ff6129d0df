import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import type { AlertTileData } from '@vigil/contract';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { countText } from '../lib/tiles';

/** Assessments as the tile shows them (features §3.2), worst first. */
const FIGURES = [
  { key: 'Negative', value: 1, palette: 'error' },
  { key: 'Neutral', value: 2, palette: 'warning' },
  { key: 'Positive', value: 3, palette: 'success' },
] as const;

/**
 * Alert Radar tile: the alert e-mails of the range by assessment as three coloured figures, the
 * most frequent types and the newest of the Negative ones. `onOpen(assessment)` opens the alert
 * list on the tile's range; `onOpenAlert(id)` one alert. Without them nothing is clickable.
 */
export function AlertsChart(props: Props) {
  // The message needs no tenant settings (a shared dashboard has none to read).
  if (props.data.Message)
    return (
      <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', textAlign: 'center', p: 1 }}>
        <Box>
          <NotificationsOffOutlinedIcon sx={{ color: 'text.secondary' }} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {props.data.Message}
          </Typography>
        </Box>
      </Box>
    );
  return <AlertFigures {...props} />;
}

interface Props {
  data: AlertTileData;
  onOpen?: (assessment: number) => void;
  onOpenAlert?: (id: number) => void;
}

function AlertFigures({ data, onOpen, onOpenAlert }: Props) {
  const theme = useTheme();
  const fmt = useTenantFormats();
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1, minHeight: 0, overflow: 'auto' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
        {FIGURES.map((f) => {
          const colour = theme.palette[f.palette].main;
          const body = (
            <Box sx={{ textAlign: 'center', width: '100%', py: 0.5 }}>
              <Typography
                data-testid={`alert-tile-${f.key.toLowerCase()}`}
                sx={{ fontSize: 'clamp(18px, 9cqw, 34px)', fontWeight: 700, lineHeight: 1.1, color: colour }}
              >
                {countText(data[f.key])}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {f.key}
              </Typography>
            </Box>
          );
          const sx = { borderRadius: 1.5, bgcolor: alpha(colour, 0.08), width: '100%' };
          return onOpen ? (
            <ButtonBase key={f.key} onClick={() => onOpen(f.value)} aria-label={`Open ${f.key} alerts`} sx={sx}>
              {body}
            </ButtonBase>
          ) : (
            <Box key={f.key} sx={sx}>
              {body}
            </Box>
          );
        })}
      </Box>
      {data.TopTypes.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }} aria-label="Top Negative types">
          <Typography variant="caption" sx={{ color: 'text.secondary', mr: 0.5 }}>
            Top types
          </Typography>
          {data.TopTypes.map((t) => (
            <Chip key={t.Type} size="small" variant="outlined" label={`${t.Type} · ${countText(t.Count)}`} />
          ))}
        </Box>
      )}
      <Box component="ul" aria-label="Newest Negative alerts" sx={{ listStyle: 'none', m: 0, p: 0, minHeight: 0 }}>
        {data.Newest.length === 0 && (
          <Typography component="li" variant="body2" sx={{ color: 'text.secondary' }}>
            No Negative alerts in this range.
          </Typography>
        )}
        {data.Newest.map((a) => {
          const line = (
            <Box sx={{ minWidth: 0, width: '100%', textAlign: 'left', py: 0.25 }}>
              <Typography variant="body2" noWrap title={a.Subject}>
                {a.Subject || '(no subject)'}
              </Typography>
              <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }}>
                {a.CompanyName ?? 'No company'} · {fmt.dateTime(a.ReceivedAt)}
              </Typography>
            </Box>
          );
          return (
            <Box component="li" key={a.Id} sx={{ borderTop: 1, borderColor: 'divider' }}>
              {onOpenAlert ? (
                <ButtonBase onClick={() => onOpenAlert(a.Id)} sx={{ width: '100%', px: 0.5, borderRadius: 1 }}>
                  {line}
                </ButtonBase>
              ) : (
                line
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
