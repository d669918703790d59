import type { ReactNode } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { cellEffects, spannerBandsFor, type FormatDraft, type SpannerDraft } from '../../../lib/table-features';
import { cssFontStack, type EditorStyles } from '../lib/style-state';

/** The sample table's columns, offered as suggestions in the formats and spanners editors. */
export const previewColumns = ['Product', 'Units', 'Revenue', 'Growth', 'Status'];
const rows: Record<string, string | number>[] = [
  { Product: 'Starter Kit', Units: 1240, Revenue: 24800, Growth: 12.5, Status: 'In stock' },
  { Product: 'Pro Bundle', Units: 860, Revenue: 51600, Growth: -3.2, Status: 'Low stock' },
  { Product: 'Team License', Units: 312, Revenue: 93600, Growth: 8.1, Status: 'In stock' },
  { Product: 'Enterprise Seat', Units: 74, Revenue: 111000, Growth: 21.4, Status: 'Backorder' },
];

function shown(column: string, v: string | number): string {
  if (typeof v === 'string') return v;
  if (column === 'Revenue') return `$${v.toLocaleString('en-US')}`;
  if (column === 'Growth') return `${v > 0 ? '+' : ''}${v}%`;
  return v.toLocaleString('en-US');
}

/**
 * An HTML rendering of a sample table with the current styles, conditional formats and spanners;
 * it follows every edit at once. The renderer draws the same fields, so this is a faithful
 * sketch, not the image itself.
 */
export function LivePreviewTable({
  styles,
  formats = [],
  spanners = [],
}: {
  styles: EditorStyles;
  formats?: FormatDraft[];
  spanners?: SpannerDraft[];
}) {
  const border = styles.borderStyle === 'none' ? 'none' : `1px ${styles.borderStyle} ${styles.borderColor}`;
  const cell = { padding: `${styles.cellPadding}px`, border, textAlign: 'left' as const };
  const effects = cellEffects(formats, previewColumns, rows);
  const bands = spannerBandsFor(spanners, previewColumns);
  const head = { ...cell, background: styles.headerBg, color: styles.headerText, fontWeight: 600 };
  return (
    // Wider than a phone once spanners and formats join in: the region scrolls, and takes focus so keys can scroll it.
    <Box
      overflowX="auto"
      borderWidth="1px"
      borderRadius="md"
      bg="white"
      p="3"
      data-testid="live-preview"
      tabIndex={0}
      role="region"
      aria-label="Live preview table"
    >
      <Box maxW={`${styles.defaultWidth}px`} minW="280px">
        <Text fontWeight="semibold" mb="2" style={{ fontFamily: cssFontStack[styles.fontFamily] }}>
          Product Sales — Q3
        </Text>
        <table
          style={{
            borderCollapse: 'collapse',
            width: '100%',
            fontFamily: cssFontStack[styles.fontFamily],
            fontSize: `${styles.fontSize}px`,
            color: '#1e293b',
          }}
        >
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            Live preview of the project&apos;s table style
          </caption>
          <thead>
            {bands.map((band, level) => {
              const cells: ReactNode[] = [];
              let c = 0;
              for (const b of band) {
                if (b.start > c)
                  cells.push(
                    <td key={`gap-${c}`} colSpan={b.start - c} style={{ ...cell, background: styles.headerBg }} />,
                  );
                cells.push(
                  <th
                    key={b.start}
                    colSpan={b.span}
                    scope="colgroup"
                    data-testid="preview-spanner"
                    style={{ ...head, textAlign: 'center' }}
                  >
                    {b.label}
                  </th>,
                );
                c = b.start + b.span;
              }
              if (c < previewColumns.length)
                cells.push(
                  <td
                    key={`gap-${c}`}
                    colSpan={previewColumns.length - c}
                    style={{ ...cell, background: styles.headerBg }}
                  />,
                );
              return <tr key={level}>{cells}</tr>;
            })}
            <tr>
              {previewColumns.map((h) => (
                <th key={h} scope="col" style={head}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              // As in the renderer, body rows count from 0: the first one takes the even colour.
              <tr key={String(r.Product)} style={{ background: i % 2 === 0 ? styles.rowEvenBg : styles.rowOddBg }}>
                {previewColumns.map((col, j) => {
                  const e = effects[i]![j]!;
                  const text = shown(col, r[col]!);
                  return (
                    <td
                      key={col}
                      data-testid={`preview-cell-${i}-${j}`}
                      style={{
                        ...cell,
                        position: 'relative',
                        background: e.background,
                        color: e.color,
                        fontWeight: e.bold === undefined ? undefined : e.bold ? 700 : 400,
                        fontStyle: e.italic ? 'italic' : undefined,
                      }}
                    >
                      {e.bar && (
                        <span
                          aria-hidden="true"
                          data-testid="preview-bar"
                          style={{
                            position: 'absolute',
                            top: '20%',
                            bottom: '20%',
                            left: `${Math.min(e.bar.axis, e.bar.end) * 100}%`,
                            width: `${Math.abs(e.bar.end - e.bar.axis) * 100}%`,
                            background: e.bar.color,
                            opacity: 0.55,
                          }}
                        />
                      )}
                      <span style={{ position: 'relative' }}>
                        {e.icon && (
                          <span
                            role="img"
                            aria-label={e.icon.label}
                            style={{ color: e.icon.color, marginRight: e.hideValue ? 0 : 6 }}
                          >
                            {e.icon.glyph}
                          </span>
                        )}
                        {e.hideValue ? (
                          <span
                            style={{
                              position: 'absolute',
                              width: 1,
                              height: 1,
                              overflow: 'hidden',
                              clip: 'rect(0 0 0 0)',
                            }}
                          >
                            {text}
                          </span>
                        ) : (
                          text
                        )}
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
      <Text fontSize="xs" color="fg.muted" mt="2">
        Width {styles.defaultWidth}px · {styles.imageFormat.toUpperCase()} · {styles.fontFamily} {styles.fontSize}px
      </Text>
    </Box>
  );
}
