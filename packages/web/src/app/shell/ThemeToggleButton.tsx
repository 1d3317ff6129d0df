import IconButton from '@mui/material/IconButton';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import { useThemeMode } from '../theme/ThemeModeProvider';

/** The light/dark switch itself; the sign-in pages use it with the browser's own tooltip. */
export function ThemeToggleButton({ nativeTitle = false }: { nativeTitle?: boolean }) {
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <IconButton aria-label={label} title={nativeTitle ? label : undefined} onClick={toggle}>
      {mode === 'dark' ? <LightModeOutlinedIcon /> : <DarkModeOutlinedIcon />}
    </IconButton>
  );
}
