// A titled section of the ticket profile form, and the types its sections share.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ProfileField, ProfileFormValues } from '../../profileForm';

export type ProfileErrors = Partial<Record<ProfileField | 'form', string>>;
export type ChangeProfile = (patch: Partial<ProfileFormValues>) => void;

export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 2.25 }}>
      <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
