import Tooltip from '@mui/material/Tooltip';
import { useThemeMode } from '../theme/ThemeModeProvider';
import { ThemeToggleButton } from './ThemeToggleButton';

/** The light/dark switch of the signed-in shell, with the app's tooltip. */
export function ThemeToggle() {
  const { mode } = useThemeMode();
  return (
    <Tooltip title={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
      <span style={{ display: 'inline-flex' }}>
        <ThemeToggleButton />
      </span>
    </Tooltip>
  );
}
