import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, Box, Button, Container, Grid, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { exampleIndex } from '@jsonable/contracts/example-index';
import { workflows } from '../features/examples/workflows';

// The selected example's payload, preview, downloads and code tabs: not part of the page's first
// load (issue 26; the prerendered page has none selected). It is fetched once the page is up, so a
// choice usually finds it there.
const loadDetail = () => import('../features/examples/ExampleDetail');
const ExampleDetail = lazy(loadDetail);

export default function ExamplesPage() {
  const [params, setParams] = useSearchParams();
  const selected = exampleIndex.find((e) => e.id === params.get('example')) ?? null;
  useEffect(() => {
    void loadDetail();
  }, []);

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="3" mb="8">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          Examples
        </Heading>
        <Text color="gray.600" fontSize="lg" maxW="3xl">
          Nine ready-made tables that show what Jsonable can draw — plain rows, currencies, dates, nested data and
          per-cell colours. Pick one to see its JSON, a live preview and the code to request it.
        </Text>
      </Stack>

      <Grid
        templateColumns={{ base: '1fr', lg: '260px minmax(0, 1fr)' }}
        gap={{ base: '6', lg: '10' }}
        alignItems="start"
      >
        <Grid
          as="nav"
          aria-label="Examples"
          gap="2"
          templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'minmax(0, 1fr)' }}
          position={{ lg: 'sticky' }}
          top={{ lg: '24' }}
        >
          {exampleIndex.map((e) => {
            const active = e.id === selected?.id;
            return (
              <Button
                key={e.id}
                variant={active ? 'solid' : 'outline'}
                colorPalette={active ? 'brand' : 'gray'}
                justifyContent={{ base: 'center', lg: 'flex-start' }}
                size="sm"
                aria-current={active ? 'true' : undefined}
                onClick={() => {
                  setParams({ example: e.id }, { replace: true });
                  // On one-column layouts the detail is below the picker: bring it into view.
                  if (window.matchMedia('(max-width: 61.99em)').matches) {
                    requestAnimationFrame(() =>
                      document.getElementById('example-detail')?.scrollIntoView({ block: 'start' }),
                    );
                  }
                }}
              >
                {e.name}
              </Button>
            );
          })}
        </Grid>
        <Box minW="0" id="example-detail">
          {selected ? (
            <Suspense fallback={<Skeleton h="96" w="full" rounded="xl" />}>
              <ExampleDetail key={selected.id} id={selected.id} />
            </Suspense>
          ) : (
            <Stack
              gap="3"
              align="center"
              textAlign="center"
              borderWidth="2px"
              borderStyle="dashed"
              borderColor="gray.300"
              rounded="xl"
              py="16"
              px="6"
            >
              <Heading as="h2" size="xl">
                Select an Example
              </Heading>
              <Text color="gray.600" maxW="md">
                Choose one of the examples to see its JSON, a preview rendered by our engine, downloads in four formats
                and ready-to-run code.
              </Text>
            </Stack>
          )}
        </Box>
      </Grid>

      <Stack as="section" aria-labelledby="workflows-title" gap="6" mt="16">
        <Stack gap="2">
          <Heading as="h2" id="workflows-title" size="2xl">
            Workflow ideas
          </Heading>
          <Text color="gray.600">How teams use Jsonable in their automations.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {workflows.map((w) => (
            <Stack
              key={w.title}
              as="article"
              gap="3"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="xl"
              p="5"
              bg="white"
            >
              <Heading as="h3" size="md">
                {w.title}
              </Heading>
              <Badge alignSelf="start" colorPalette="brand" variant="subtle">
                {w.platform}
              </Badge>
              <Box
                as="dl"
                fontSize="sm"
                css={{
                  '& dt': { fontWeight: 600, color: 'var(--chakra-colors-gray-900)' },
                  '& dd': { margin: 0, color: 'var(--chakra-colors-gray-600)', marginBottom: '6px' },
                }}
              >
                <dt>Data source</dt>
                <dd>{w.source}</dd>
                <dt>Output</dt>
                <dd>{w.output}</dd>
              </Box>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
