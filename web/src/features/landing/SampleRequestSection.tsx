import { Link as RRLink } from 'react-router-dom';
import { Box, Button, Container, Grid, Heading, List, Stack, Text } from '@chakra-ui/react';
import { CodeBlock } from '../../components/CodeBlock';
import { useSiteOrigin } from '../../lib/origin';

export function sampleCurl(origin: string): string {
  return `curl -X POST ${origin}/api/jsonable/table-to-image \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "title": "Weekly Sales",
    "data": [
      { "Region": "North", "Orders": 412, "Revenue": 18240.5 },
      { "Region": "South", "Orders": 389, "Revenue": 16980.0 }
    ],
    "options": { "format": "png" },
    "styles": { "headerBg": "#4a1e8c", "headerText": "#ffffff" }
  }'`;
}

export function sampleResponse(origin: string): string {
  return JSON.stringify(
    {
      success: true,
      imageUrl: `${origin}/api/images/weekly-sales-1732233600000.png`,
      metadata: { format: 'png', width: 640, height: 168, size: 14872 },
    },
    null,
    2,
  );
}

export function SampleRequestSection() {
  const origin = useSiteOrigin();
  return (
    <Box as="section" aria-labelledby="sample-title" py={{ base: '12', md: '16' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }}
          gap="10"
          alignItems="start"
        >
          <Stack gap="4">
            <Heading as="h2" id="sample-title" size="3xl">
              One request, one URL
            </Heading>
            <Text color="gray.600">
              Send your rows as JSON with your API key. Jsonable renders the table, stores the file and answers with its
              public URL and size — ready to drop into an e-mail, a chat message or a document.
            </Text>
            <List.Root as="ol" gap="2" ps="5" color="gray.700">
              <List.Item>Create a project in your dashboard and copy its API key.</List.Item>
              <List.Item>POST your JSON to the API or to your project endpoint.</List.Item>
              <List.Item>
                Use the <strong>imageUrl</strong> from the answer wherever you need the table.
              </List.Item>
            </List.Root>
            <Box>
              <Button asChild variant="outline">
                <RRLink to="/api-reference">Read the API reference</RRLink>
              </Button>
            </Box>
          </Stack>
          <Stack gap="4" minW="0">
            <CodeBlock code={sampleCurl(origin)} label="Request (cURL)" />
            <CodeBlock code={sampleResponse(origin)} label="Response (JSON)" />
          </Stack>
        </Grid>
      </Container>
    </Box>
  );
}
