import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { formatDay } from '../../../lib/days';

/** The class the grid uses as drag handle: only a tile's header moves it. */
export const DRAG_HANDLE = 'tile-drag-handle';

/** "10/24/2026 – 11/22/2026", or one day. */
export function rangeCaption(range: { From: string; To: string } | undefined, pattern?: string): string {
  if (!range) return '';
  const from = formatDay(range.From.slice(0, 10), pattern);
  const to = formatDay(range.To.slice(0, 10), pattern);
  return from === to ? from : `${from} – ${to}`;
}

/**
 * A tile's frame: title (the drag handle for editors), range caption, refresh and, for
 * editors, a menu with edit and delete. The body shows loading, error or the chart.
 */
export function TileCard({
  title,
  caption,
  draggable,
  loading,
  error,
  onRetry,
  onRefresh,
  refreshing,
  onEdit,
  onDelete,
  children,
}: {
  title: string;
  caption?: string;
  draggable: boolean;
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  onRefresh?: () => void;
  refreshing?: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
  children: ReactNode;
}) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden', borderRadius: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 1.5, pr: 0.5, pt: 0.75, minHeight: 40 }}>
        <Box
          className={draggable ? DRAG_HANDLE : undefined}
          sx={{ flex: 1, minWidth: 0, cursor: draggable ? 'grab' : 'default', userSelect: 'none' }}
        >
          {/* Long titles wrap to a second line rather than lose their end; the full text is in the tooltip. */}
          <Typography
            variant="subtitle2"
            component="h2"
            title={title}
            sx={{
              fontWeight: 600,
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {title}
          </Typography>
          {caption && (
            <Typography variant="caption" noWrap sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.3 }}>
              {caption}
            </Typography>
          )}
        </Box>
        {onRefresh && (
          <Tooltip title="Refresh">
            <span>
              <IconButton size="small" aria-label={`Refresh ${title}`} onClick={onRefresh} disabled={refreshing}>
                {refreshing ? <CircularProgress size={16} /> : <RefreshRoundedIcon fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
        )}
        {(onEdit || onDelete) && (
          <>
            <IconButton size="small" aria-label={`Tile menu ${title}`} onClick={(e) => setMenu(e.currentTarget)}>
              <MoreVertRoundedIcon fontSize="small" />
            </IconButton>
            <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
              {onEdit && (
                <MenuItem
                  onClick={() => {
                    setMenu(null);
                    onEdit();
                  }}
                >
                  <ListItemIcon>
                    <EditRoundedIcon fontSize="small" />
                  </ListItemIcon>
                  Edit
                </MenuItem>
              )}
              {onDelete && (
                <MenuItem
                  onClick={() => {
                    setMenu(null);
                    onDelete();
                  }}
                  sx={{ color: 'error.main' }}
                >
                  <ListItemIcon sx={{ color: 'inherit' }}>
                    <DeleteOutlineRoundedIcon fontSize="small" />
                  </ListItemIcon>
                  Delete
                </MenuItem>
              )}
            </Menu>
          </>
        )}
      </Box>
      {/* A size container: the big numbers of Count and Insight tiles scale to the space left. */}
      <Box sx={{ flex: 1, minHeight: 0, p: 1, pt: 0.5, position: 'relative', containerType: 'size' }}>
        {error ? (
          <Alert
            severity="error"
            variant="outlined"
            sx={{ height: '100%', boxSizing: 'border-box', overflow: 'auto', py: 0 }}
            action={
              onRetry && (
                <Button color="inherit" size="small" onClick={onRetry}>
                  Retry
                </Button>
              )
            }
          >
            {error}
          </Alert>
        ) : loading ? (
          <Skeleton variant="rounded" sx={{ height: '100%', width: '100%' }} aria-label="Loading" />
        ) : (
          children
        )}
      </Box>
    </Paper>
  );
}
