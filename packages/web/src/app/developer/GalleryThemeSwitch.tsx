import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import { useThemeMode } from '../theme/ThemeModeProvider';

/** The gallery's theme switch: the whole app follows it, so every piece shows in both themes. */
export function GalleryThemeSwitch() {
  const { mode, setMode } = useThemeMode();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={mode}
      onChange={(_e, next) => next && setMode(next)}
      aria-label="Theme"
    >
      <ToggleButton value="light" aria-label="Light theme">
        <LightModeOutlinedIcon fontSize="small" sx={{ mr: 0.75 }} /> Light
      </ToggleButton>
      <ToggleButton value="dark" aria-label="Dark theme">
        <DarkModeOutlinedIcon fontSize="small" sx={{ mr: 0.75 }} /> Dark
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
