import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import { APP_VERSION } from '@vigil/contract';
import { BrandMark } from '../components/Logo';
import { OfflineBanner } from '../components/OfflineBanner';
import { ThemeToggleButton } from './shell/ThemeToggleButton';

const points = [
  'Every backup job, from every vendor, in one audit',
  'Parsed from the e-mails your tools already send',
  'Failures and missing results flagged before clients notice',
];

/** The authentication pages: a brand panel and a centred form column. */
export function AuthLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <OfflineBanner />
      <Box sx={{ flex: 1, display: 'flex' }}>
        <Box
          sx={{
            display: { xs: 'none', lg: 'flex' },
            flexDirection: 'column',
            justifyContent: 'space-between',
            width: '42%',
            maxWidth: 620,
            p: 6,
            color: '#e6ecf7',
            position: 'relative',
            overflow: 'hidden',
            background:
              'radial-gradient(1200px 600px at -10% 110%, rgba(20,184,166,0.28), transparent 60%), radial-gradient(900px 500px at 110% -10%, rgba(79,124,255,0.35), transparent 55%), linear-gradient(160deg, #0f1a2c 0%, #0b1322 100%)',
          }}
        >
          <BrandMark size={40} color="#ffffff" />
          <Box sx={{ maxWidth: 440 }}>
            <Typography variant="h3" component="p" sx={{ fontSize: 36, lineHeight: 1.15, mb: 2, color: '#fff' }}>
              Know every backup ran.
            </Typography>
            <Typography sx={{ color: 'rgba(230,236,247,0.75)', fontSize: 17, mb: 4 }}>
              Vigil watches the backups of all your clients and tells you what needs attention today.
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              {points.map((p) => (
                <Box component="li" key={p} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <CheckCircleOutlineRoundedIcon sx={{ color: '#2dd4bf', fontSize: 22 }} />
                  <Typography sx={{ color: 'rgba(230,236,247,0.9)' }}>{p}</Typography>
                </Box>
              ))}
            </Box>
          </Box>
          <Typography sx={{ color: 'rgba(230,236,247,0.5)', fontSize: 13 }}>
            © {new Date().getFullYear()} Vigil · {APP_VERSION}
          </Typography>
        </Box>
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', p: 2 }}>
            <BrandMark size={30} sx={{ display: { xs: 'flex', lg: 'none' } }} />
            <Box sx={{ ml: 'auto' }}>
              <ThemeToggleButton nativeTitle />
            </Box>
          </Box>
          <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, pb: 8 }}>
            <Box component="main" sx={{ width: '100%', maxWidth: 420 }}>
              <Outlet />
            </Box>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
