// The per-day bar chart of an Admin Portal statistics tab.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { shortDayLabel, type IsoDay } from '../../../../lib/days';

/** Per-day bars; the axis shows short day labels. */
export function DailyChart({ title, days, series }: { title: string; days: string[]; series: Series[] }) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: '14px', p: 2, m: 0, mb: 2 }} component="figure" aria-label={title}>
      <Typography variant="subtitle2" component="figcaption" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ height: 260 }}>
        <BarChart
          skipAnimation
          xAxis={[{ scaleType: 'band', data: days.map((d) => shortDayLabel(d as IsoDay)), tickLabelMinGap: 12 }]}
          yAxis={[{ min: 0, width: 48, tickMinStep: 1 }]}
          series={series.map((s) => ({ ...s, id: s.label }))}
          margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        />
      </Box>
    </Paper>
  );
}

export interface Series {
  label: string;
  data: number[];
  color: string;
  stack?: string;
}
