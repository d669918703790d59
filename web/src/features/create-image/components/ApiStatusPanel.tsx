import { Box, HStack, Text } from '@chakra-ui/react';
import { useApiStatus } from '../api/status';

const LOOKS = {
  operational: { label: 'Operational', bg: 'green.50', border: 'green.200', dot: 'green.500', text: 'green.800' },
  degraded: { label: 'Degraded', bg: 'orange.50', border: 'orange.200', dot: 'orange.500', text: 'orange.900' },
  unavailable: { label: 'Unavailable', bg: 'red.50', border: 'red.200', dot: 'red.500', text: 'red.800' },
} as const;

/**
 * 'API Service: Operational' with a green pulsing dot, or 'API Service: Unavailable' in red
 * (SPEC §2); in between, 'API Service: Degraded' in amber naming the parts that fail (storage,
 * e-mail, payments, dashboard updates), with what is wrong in the tooltip.
 */
export function ApiStatusPanel() {
  const status = useApiStatus();
  const look = LOOKS[status.state];
  const up = status.state === 'operational';
  const parts = status.parts.map((p) => p.name).join(', ');
  const details = status.parts.map((p) => `${p.name}: ${p.message}`).join('\n');
  return (
    <HStack
      gap="2"
      px="3"
      py="1.5"
      borderWidth="1px"
      borderRadius="full"
      bg={look.bg}
      borderColor={look.border}
      role="status"
      aria-live="polite"
      data-testid="api-status"
      title={details || undefined}
    >
      <Box position="relative" w="2.5" h="2.5" flexShrink={0} aria-hidden="true">
        {up && (
          <Box
            position="absolute"
            inset="0"
            borderRadius="full"
            bg="green.400"
            opacity={0.75}
            animation="ping 1.5s cubic-bezier(0, 0, 0.2, 1) infinite"
            css={{ '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }}
          />
        )}
        <Box position="relative" w="2.5" h="2.5" borderRadius="full" bg={look.dot} />
      </Box>
      <Text fontSize="sm" fontWeight="medium" color={look.text}>
        API Service: {look.label}
        {status.state === 'degraded' && parts ? (
          <Text as="span" fontWeight="normal">
            {' '}
            ({parts})
          </Text>
        ) : null}
      </Text>
    </HStack>
  );
}
