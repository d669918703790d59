import { Box, HStack, Text } from '@chakra-ui/react';
import { CopyButton } from '../../../components/CopyButton';

/** A labelled code block with a copy button. */
export function CodeSample({ label, code, copyLabel }: { label: string; code: string; copyLabel: string }) {
  return (
    <Box>
      <HStack justify="space-between" mb="1">
        <Text fontWeight="semibold" fontSize="sm">
          {label}
        </Text>
        <CopyButton value={code} ariaLabel={copyLabel} />
      </HStack>
      <Box
        as="pre"
        bg="gray.900"
        color="gray.100"
        p="3"
        borderRadius="md"
        fontSize="xs"
        overflowX="auto"
        fontFamily="mono"
        tabIndex={0}
        aria-label={label}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}
