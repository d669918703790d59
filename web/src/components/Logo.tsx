import { HStack, Text } from '@chakra-ui/react';

/** The mark: a tiny table with a purple header row. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#4a1e8c" />
      <rect x="6" y="8" width="20" height="5" rx="1" fill="#fff" />
      <rect x="6" y="15" width="20" height="3" rx="1" fill="#d6c8f0" />
      <rect x="6" y="20" width="20" height="3" rx="1" fill="#d6c8f0" />
    </svg>
  );
}

export function Logo() {
  return (
    <HStack gap="2">
      <LogoMark />
      <Text as="span" fontWeight="bold" fontSize="lg" letterSpacing="-0.01em" color="gray.900">
        Jsonable
      </Text>
    </HStack>
  );
}
