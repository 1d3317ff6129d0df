import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Logo } from '../../components/Logo';
import { PageHeader } from '../../components/PageHeader';
import type { MenuIcon } from '../menuItem';
import { menuIcons } from '../shell/icons';
import { GalleryThemeSwitch } from './GalleryThemeSwitch';

/** `/app/icons` (platform §2 developer page): every icon the menu uses, by its key, and the logo. */
export default function IconsPage() {
  const entries = Object.entries(menuIcons) as [MenuIcon, (typeof menuIcons)[MenuIcon]][];
  return (
    <>
      <PageHeader
        eyebrow="Developer"
        title="Icons"
        subtitle={`${entries.length} menu icons by the key a menu entry names, and the product logo.`}
        actions={<GalleryThemeSwitch />}
      />
      <Box
        role="list"
        aria-label="Icons"
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(148px, 1fr))' }}
      >
        <Card role="listitem" sx={{ p: 2, display: 'grid', justifyItems: 'center', gap: 1 }}>
          <Logo size={32} title="Logo" />
          <Typography sx={{ fontSize: 13, fontFamily: 'monospace' }}>Logo</Typography>
        </Card>
        {entries.map(([key, Icon]) => (
          <Card key={key} role="listitem" sx={{ p: 2, display: 'grid', justifyItems: 'center', gap: 1 }}>
            <Icon sx={{ fontSize: 32, color: 'primary.main' }} aria-hidden />
            <Typography sx={{ fontSize: 13, fontFamily: 'monospace' }}>{key}</Typography>
          </Card>
        ))}
      </Box>
    </>
  );
}
