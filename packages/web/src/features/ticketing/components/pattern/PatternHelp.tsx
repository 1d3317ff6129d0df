// Help on pattern formats: dates, languages and tag lists.
import Box from '@mui/material/Box';

/** Date formats, languages and the tag ignore list (features §5.2). */
export function PatternHelp() {
  const row = (code: string, text: string) => (
    <Box component="li" sx={{ mb: 0.5 }}>
      <Box component="code" sx={{ fontFamily: 'monospace', bgcolor: 'action.selected', px: 0.5, borderRadius: 0.5 }}>
        {code}
      </Box>{' '}
      {text}
    </Box>
  );
  return (
    <Box sx={{ fontSize: 13, color: 'text.secondary', p: 1.25, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {row(
          '{date|dd MMM yyyy}',
          'the creation date with a format: d dd ddd dddd, MM MMM MMMM, yy yyyy, HH hh mm ss tt',
        )}
        {row(
          '{date|dddd d MMMM|de}',
          'month and day names in a language (a two-letter ISO 639-1 code such as de, fr, es)',
        )}
        {row('{tag}', 'all the backup’s tags, comma separated; {tag|f} only the first alphabetically')}
        {row('{tag|f|Servers,Critical}', 'ignore these tags; write \\, for a comma inside a tag name')}
        {row('{job} {device}', 'only when grouping by Backup, or by Job Name / Device Name respectively')}
      </Box>
    </Box>
  );
}
