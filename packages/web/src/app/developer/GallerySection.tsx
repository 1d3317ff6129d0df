import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { SectionHeader } from '../../components/SectionHeader';

/** One block of the component gallery: a heading, what the piece is for, and the piece itself. */
export function GallerySection({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`} sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <SectionHeader id={`${id}-title`} title={title} subtitle={subtitle} />
        {children}
      </CardContent>
    </Card>
  );
}
