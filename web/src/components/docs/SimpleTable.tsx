import type { ReactNode } from 'react';
import { Box, Table } from '@chakra-ui/react';

/** A compact, horizontally scrollable table for reference material (parameters, limits, codes). */
export function SimpleTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    <Box
      overflowX="auto"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <Table.Root size="sm" variant="line" css={{ '& td, & th': { verticalAlign: 'top' } }}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row bg="gray.50">
            {columns.map((c) => (
              <Table.ColumnHeader key={c} fontWeight="semibold" color="gray.800">
                {c}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r, i) => (
            <Table.Row key={i}>
              {r.map((cell, j) => (
                <Table.Cell key={j} color="gray.700">
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
