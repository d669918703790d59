import { Box, Flex, Text } from '@chakra-ui/react';
import { CopyButton } from './CopyButton';

/** A dark code panel with its language and a copy button. Scrolls sideways instead of wrapping. */
export function CodeBlock({
  code,
  language,
  label,
  maxH,
}: {
  code: string;
  language?: string;
  label?: string;
  maxH?: string;
}) {
  return (
    <Box rounded="lg" overflow="hidden" borderWidth="1px" borderColor="gray.800" bg="gray.950" minW="0">
      <Flex
        align="center"
        justify="space-between"
        px="3"
        py="1.5"
        bg="gray.900"
        borderBottomWidth="1px"
        borderColor="gray.800"
      >
        <Text
          as="span"
          fontSize="xs"
          fontWeight="medium"
          color="gray.300"
          textTransform="uppercase"
          letterSpacing="wider"
        >
          {label ?? language ?? 'code'}
        </Text>
        <CopyButton
          value={code}
          size="2xs"
          variant="subtle"
          colorPalette="gray"
          ariaLabel={`Copy ${label ?? language ?? 'code'}`}
        />
      </Flex>
      <Box
        as="pre"
        m="0"
        p="4"
        overflowX="auto"
        maxH={maxH}
        overflowY={maxH ? 'auto' : undefined}
        fontFamily="mono"
        fontSize="13px"
        lineHeight="1.6"
        color="gray.100"
        tabIndex={0}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}

/** Inline code in prose. */
export function Code({ children }: { children: string }) {
  return (
    <Box
      as="code"
      fontFamily="mono"
      fontSize="0.9em"
      bg="gray.100"
      color="gray.900"
      px="1"
      py="0.5"
      rounded="sm"
      wordBreak="break-word"
    >
      {children}
    </Box>
  );
}
