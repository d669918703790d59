import { Box, Text } from '@chakra-ui/react';
import { cssFontStack, type EditorStyles } from '../lib/style-state';

const headers = ['Product', 'Units', 'Revenue', 'Status'];
const rows = [
  ['Starter Kit', '1,240', '$24,800', 'In stock'],
  ['Pro Bundle', '860', '$51,600', 'Low stock'],
  ['Team License', '312', '$93,600', 'In stock'],
  ['Enterprise Seat', '74', '$111,000', 'Backorder'],
];

/**
 * An HTML rendering of a sample table with the current styles; it follows every edit at once.
 * The renderer draws the same fields, so this is a faithful sketch, not the image itself.
 */
export function LivePreviewTable({ styles }: { styles: EditorStyles }) {
  const border = styles.borderStyle === 'none' ? 'none' : `1px ${styles.borderStyle} ${styles.borderColor}`;
  const cell = { padding: `${styles.cellPadding}px`, border, textAlign: 'left' as const };
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="white" p="3" data-testid="live-preview">
      <Box maxW={`${styles.defaultWidth}px`} minW="280px">
        <Text fontWeight="semibold" mb="2" style={{ fontFamily: cssFontStack[styles.fontFamily] }}>Product Sales — Q3</Text>
        <table style={{ borderCollapse: 'collapse', width: '100%', fontFamily: cssFontStack[styles.fontFamily], fontSize: `${styles.fontSize}px`, color: '#1e293b' }}>
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Live preview of the project&apos;s table style</caption>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col" style={{ ...cell, background: styles.headerBg, color: styles.headerText, fontWeight: 600 }}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              // As in the renderer, body rows count from 0: the first one takes the even colour.
              <tr key={r[0]} style={{ background: i % 2 === 0 ? styles.rowEvenBg : styles.rowOddBg }}>
                {r.map((c, j) => <td key={j} style={cell}>{c}</td>)}
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
