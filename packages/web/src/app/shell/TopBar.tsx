import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuRoundedIcon from '@mui/icons-material/MenuRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import { APP_BAR_HEIGHT } from '@vigil/contract';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';
import { WindowsMenu } from './WindowsMenu';

export function TopBar({ title, section, onOpenMenu }: { title?: string; section?: string; onOpenMenu: () => void }) {
  return (
    <AppBar
      position="sticky"
      sx={(t) => ({
        top: 0,
        height: APP_BAR_HEIGHT,
        bgcolor: t.palette.mode === 'dark' ? 'rgba(18,26,39,0.85)' : 'rgba(255,255,255,0.85)',
        backdropFilter: 'saturate(180%) blur(10px)',
        borderBottom: `1px solid ${t.palette.divider}`,
        color: 'text.primary',
      })}
    >
      <Toolbar
        sx={{
          height: APP_BAR_HEIGHT,
          minHeight: `${APP_BAR_HEIGHT}px !important`,
          gap: 1,
          px: { xs: 1, sm: 2, md: 3 },
        }}
      >
        <IconButton
          aria-label="Open navigation"
          onClick={onOpenMenu}
          edge="start"
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <MenuRoundedIcon />
        </IconButton>
        <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0, flex: 1, gap: 0.5 }}>
          {section && (
            <>
              <Typography noWrap sx={{ color: 'text.secondary', fontSize: 15, display: { xs: 'none', sm: 'block' } }}>
                {section}
              </Typography>
              <ChevronRightRoundedIcon
                sx={{ color: 'text.disabled', fontSize: 18, display: { xs: 'none', sm: 'block' } }}
              />
            </>
          )}
          <Typography noWrap sx={{ fontWeight: 650, fontSize: 16 }} data-testid="page-title">
            {title}
          </Typography>
        </Box>
        <WindowsMenu />
        <ThemeToggle />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
