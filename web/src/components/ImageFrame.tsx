import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';

/** The grey frame a rendered table sits in (demo result, example preview): centred, scrolled sideways when wider. */
export function ImageFrame({ minH, children }: { minH: '40' | '48'; children: ReactNode }) {
  return (
    <Box
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      bg="gray.50"
      p={{ base: '2', md: '4' }}
      overflowX="auto"
      minH={minH}
      display="flex"
      alignItems="center"
      justifyContent="center"
    >
      {children}
    </Box>
  );
}
