import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { CopyButton } from '../../components/CopyButton';

/** `copy: false` for a setting to choose rather than text to paste (Make's Parse response: Yes). */
export interface CopyValue {
  label: string;
  value: string;
  copy?: boolean;
}
/** A labelled value with a copy button (endpoint URLs, header names and values). */
export function CopyField({ label, value, copy = true }: CopyValue) {
  return (
    <Stack gap="1" minW="0">
      <Text fontSize="xs" fontWeight="semibold" color="gray.600" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <HStack gap="2" align="stretch">
        {/* Wrapped, not scrolled: on a phone a long endpoint URL stays readable in full. */}
        <Box
          flex="1"
          minW="0"
          fontFamily="mono"
          fontSize="sm"
          bg="gray.50"
          borderWidth="1px"
          borderColor="gray.200"
          rounded="md"
          px="3"
          py="1.5"
          overflowWrap="anywhere"
        >
          {value}
        </Box>
        {copy && <CopyButton value={value} size="sm" ariaLabel={`Copy ${label}`} />}
      </HStack>
    </Stack>
  );
}
