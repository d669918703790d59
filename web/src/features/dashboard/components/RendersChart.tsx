import { Box, Text } from '@chakra-ui/react';
import { formatDate } from '../../../lib/dates';
import type { DayCount } from '../lib/per-day';

/** Renders per day as plain SVG bars: small, fast, and readable by screen readers through its label. */
/** `span` words the window in the label (default: this N-day period). */
export function RendersChart({ days, span }: { days: DayCount[]; span?: string }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((s, d) => s + d.count, 0);
  const width = 300;
  const height = 80;
  // A year of days leaves under a pixel per bar: bars touch instead of gaps eating the width.
  const gap = days.length > 60 ? 0 : 2;
  const bar = days.length > 0 ? (width - gap * (days.length - 1)) / days.length : 0;
  const first = days[0];
  const last = days[days.length - 1];
  const label = `${total} ${total === 1 ? 'table' : 'tables'} rendered ${span ?? `this ${days.length}-day period`}; busiest day ${total === 0 ? 0 : max}.`;
  return (
    <Box>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height={height}
        role="img"
        aria-label={label}
        preserveAspectRatio="none"
      >
        <title>{label}</title>
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#cbd5e1" strokeWidth="1" />
        {days.map((d, i) => {
          const h = d.count === 0 ? 0 : Math.max(3, (d.count / max) * (height - 6));
          return (
            <rect key={d.date} x={i * (bar + gap)} y={height - 1 - h} width={bar} height={h} rx="1.5" fill="#5a2ca3">
              <title>{`${formatDate(`${d.date}T12:00:00`)}: ${d.count}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        <Box display="flex" justifyContent="space-between" fontSize="xs" color="fg.muted" mt="1">
          <Text>{formatDate(`${first.date}T12:00:00`)}</Text>
          <Text>{formatDate(`${last.date}T12:00:00`)}</Text>
        </Box>
      )}
    </Box>
  );
}
