import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';

const FEATURES = [
  {
    title: 'Six output formats',
    text: 'PNG and JPEG for chat and e-mail, WebP and AVIF for small web images, SVG for crisp web pages, PDF for print and archives — one request, the format you ask for.',
  },
  {
    title: 'Permanent public URLs',
    text: 'Every image you generate is stored for you and served from a stable URL you can paste anywhere, with the right content type.',
  },
  {
    title: 'Projects and API keys',
    text: 'Each project has its own API key and endpoint path, so a Make scenario and a nightly report never share credentials.',
  },
  {
    title: 'Styles that stick',
    text: 'Set header colours, fonts, borders and padding once per project; each request can still override any of them.',
  },
  {
    title: 'Rich cells',
    text: 'Numbers, currency, percentages, dates, booleans, links and nested objects are formatted for you; cells can span rows and columns.',
  },
  {
    title: 'Built for automation',
    text: 'Step-by-step guides for Make, n8n, Zapier and Gumloop: send JSON from any workflow and get a URL back.',
  },
] as const;

export function FeaturesSection() {
  return (
    <Box as="section" aria-labelledby="features-title" bg="gray.50" py={{ base: '12', md: '16' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Stack gap="2" textAlign="center" mb="10">
          <Heading as="h2" id="features-title" size="3xl">
            Everything a table needs
          </Heading>
          <Text color="gray.600" maxW="2xl" mx="auto">
            Jsonable does one thing: it turns rows of data into tables people enjoy reading.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
          {FEATURES.map((f) => (
            <Box key={f.title} bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p="6">
              <Box w="8" h="1" bg="brand.700" rounded="full" mb="4" aria-hidden="true" />
              <Heading as="h3" size="md" mb="2">
                {f.title}
              </Heading>
              <Text color="gray.600" fontSize="sm" lineHeight="tall">
                {f.text}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
