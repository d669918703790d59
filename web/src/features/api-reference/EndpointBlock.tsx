import { Badge, Box, Code as ChakraCode, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CodeBlock, Code } from '../../components/CodeBlock';
import type { EndpointDoc, HttpMethod } from './endpoints';

const METHOD_COLOURS: Record<HttpMethod, string> = {
  GET: 'green',
  POST: 'blue',
  PUT: 'orange',
  PATCH: 'purple',
  DELETE: 'red',
};

export function MethodBadge({ method }: { method: HttpMethod }) {
  // The 700 shades keep white text above 4.5:1 contrast.
  return (
    <Badge bg={`${METHOD_COLOURS[method]}.700`} color="white" fontFamily="mono" px="2">
      {method}
    </Badge>
  );
}

export function EndpointBlock({ endpoint, origin }: { endpoint: EndpointDoc; origin: string }) {
  const e = endpoint;
  return (
    <Stack
      as="section"
      id={e.id}
      aria-labelledby={`${e.id}-title`}
      gap="5"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p={{ base: '4', md: '6' }}
      bg="white"
    >
      <Stack gap="3">
        <Heading as="h2" id={`${e.id}-title`} size="xl">
          {e.title}
        </Heading>
        <HStack gap="3" wrap="wrap">
          <MethodBadge method={e.method} />
          <ChakraCode fontSize="sm" px="2" py="1" bg="gray.100" color="gray.900" wordBreak="break-all">
            {e.path}
          </ChakraCode>
          {e.auth === 'api-key' ? (
            <Badge colorPalette="orange" variant="subtle">
              API key required
            </Badge>
          ) : (
            <Badge colorPalette="green" variant="subtle">
              Public — no authentication
            </Badge>
          )}
        </HStack>
        <Text color="gray.700">{e.description}</Text>
        {e.aliases.length > 0 && (
          <Text fontSize="sm" color="gray.600">
            Also available at{' '}
            {e.aliases.map((a, i) => (
              <span key={a}>
                {i > 0 ? ', ' : ''}
                <Code>{a}</Code>
              </span>
            ))}
            .
          </Text>
        )}
      </Stack>

      <Stack gap="2">
        <Heading as="h3" size="md">
          Parameters
        </Heading>
        {/* A list rather than a five-column table: it stays readable on a phone. */}
        <Box as="dl" borderWidth="1px" borderColor="gray.200" rounded="lg" m="0" aria-label={`${e.title} parameters`}>
          {e.params.map((p, i) => (
            <Box key={`${p.in}-${p.name}`} px="4" py="3" borderTopWidth={i === 0 ? '0' : '1px'} borderColor="gray.200">
              <HStack as="dt" gap="2" wrap="wrap">
                <ChakraCode fontSize="sm" fontWeight="semibold" bg="gray.100" color="gray.900">
                  {p.name}
                </ChakraCode>
                <Text as="span" fontSize="xs" fontFamily="mono" color="gray.700">
                  {p.type}
                </Text>
                <Text as="span" fontSize="xs" color="gray.600">
                  in {p.in}
                </Text>
                {p.required && (
                  <Badge size="sm" colorPalette="red" variant="subtle">
                    required
                  </Badge>
                )}
              </HStack>
              {p.description && (
                <Text as="dd" m="0" mt="1" fontSize="sm" color="gray.700">
                  {p.description}
                </Text>
              )}
            </Box>
          ))}
        </Box>
      </Stack>

      <Stack gap="2">
        <Heading as="h3" size="md">
          Response codes
        </Heading>
        <Stack as="ul" listStyleType="none" gap="1.5" p="0" m="0">
          {e.responses.map((r) => (
            <HStack as="li" key={r.code} align="baseline" gap="3">
              <Badge
                colorPalette={
                  r.code.startsWith('2')
                    ? 'green'
                    : r.code.startsWith('3')
                      ? 'gray'
                      : r.code.startsWith('4')
                        ? 'orange'
                        : 'red'
                }
                variant="outline"
                fontFamily="mono"
                minW="12"
                justifyContent="center"
              >
                {r.code}
              </Badge>
              <Text fontSize="sm" color="gray.700">
                {r.description}
              </Text>
            </HStack>
          ))}
        </Stack>
      </Stack>

      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Box minW="0">
          <CodeBlock code={e.exampleRequest(origin)} label="Example request" />
        </Box>
        <Box minW="0">
          <CodeBlock code={e.exampleResponse(origin)} label="Example response" />
        </Box>
      </SimpleGrid>
    </Stack>
  );
}
