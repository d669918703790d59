import { Box, HStack, Text } from '@chakra-ui/react';
import { useApiStatus } from '../api/status';

/** 'API Service: Operational' with a green pulsing dot, or 'API Service: Unavailable' in red (SPEC §2). */
export function ApiStatusPanel() {
  const status = useApiStatus();
  const up = status === 'operational';
  return (
    <HStack gap="2" px="3" py="1.5" borderWidth="1px" borderRadius="full" bg={up ? 'green.50' : 'red.50'}
      borderColor={up ? 'green.200' : 'red.200'} role="status" aria-live="polite" data-testid="api-status">
      <Box position="relative" w="2.5" h="2.5" flexShrink={0} aria-hidden="true">
        {up && (
          <Box position="absolute" inset="0" borderRadius="full" bg="green.400" opacity={0.75}
            animation="ping 1.5s cubic-bezier(0, 0, 0.2, 1) infinite"
            css={{ '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }} />
        )}
        <Box position="relative" w="2.5" h="2.5" borderRadius="full" bg={up ? 'green.500' : 'red.500'} />
      </Box>
      <Text fontSize="sm" fontWeight="medium" color={up ? 'green.800' : 'red.800'}>
        API Service: {up ? 'Operational' : 'Unavailable'}
      </Text>
    </HStack>
  );
}
