// Download as PDF, with a menu for the page: landscape, A2 paper.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { DownloadFormat } from '../../api/reports';
import { PdfOptionsMenu } from './PdfOptionsMenu';

/** Downloads the report; a PDF with its page options. */
export type OnDownload = (format: DownloadFormat, pdf?: { landscape: boolean; formatA2: boolean }) => void;

export function PdfDownloadButton({
  size,
  busy,
  onDownload,
}: {
  size: 'small' | 'medium';
  busy: DownloadFormat | null;
  onDownload: OnDownload;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [landscape, setLandscape] = useState(false);
  const [formatA2, setFormatA2] = useState(false);
  return (
    <>
      <Box sx={{ display: 'inline-flex' }}>
        <Button
          variant="outlined"
          size={size}
          startIcon={<PictureAsPdfOutlinedIcon />}
          onClick={() => onDownload('pdf', { landscape, formatA2 })}
          disabled={busy === 'pdf'}
          sx={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
        >
          PDF
        </Button>
        <Button
          variant="outlined"
          size={size}
          aria-label="PDF options"
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ minWidth: 0, px: 0.5, ml: '-1px', borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
        >
          <ArrowDropDownIcon />
        </Button>
      </Box>
      <PdfOptionsMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        landscape={landscape}
        setLandscape={setLandscape}
        formatA2={formatA2}
        setFormatA2={setFormatA2}
        onDownload={() => onDownload('pdf', { landscape, formatA2 })}
      />
    </>
  );
}
