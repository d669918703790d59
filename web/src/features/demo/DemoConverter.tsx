import { useState } from 'react';
import { useHydrated } from '../../lib/hydrated';
import { Link as RRLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Heading,
  Stack,
  Tabs,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import {
  buildDemoPayload,
  defaultDemoControls,
  defaultDemoJson,
  demoControlErrors,
  type DemoStyleControls,
} from './demo-payload';
import { DemoControls } from './DemoControls';
import { DemoResult, type DemoImage } from './DemoResult';
import { MissingImageUrlError, generateDemoImage } from '../../lib/api/demo';
import { messageOf } from '../../lib/api-client';
import { toast } from '../../lib/toaster';

type DemoTab = 'editor' | 'result';

const titleOf = (payload: Record<string, unknown>) => {
  const opts = payload.options as { title?: unknown } | undefined;
  const t = typeof payload.title === 'string' ? payload.title : typeof opts?.title === 'string' ? opts.title : '';
  return t || 'Table';
};

/** The landing page's Try It Now converter (SPEC §2): editor and result tabs, no account needed. */
export function DemoConverter() {
  const hydrated = useHydrated();
  const [tab, setTab] = useState<DemoTab>('editor');
  const [json, setJson] = useState(defaultDemoJson);
  const [controls, setControls] = useState<DemoStyleControls>(defaultDemoControls);
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [image, setImage] = useState<DemoImage | null>(null);

  const controlsInvalid = Object.keys(demoControlErrors(controls)).length > 0;

  async function generate() {
    const built = buildDemoPayload(json, controls);
    if (!built.ok) {
      setJsonError(built.error);
      return;
    }
    setJsonError(null);
    setPending(true);
    try {
      const { url, expiresAt } = await generateDemoImage(built.payload);
      setImage({ url, expiresAt, format: controls.imageFormat, title: titleOf(built.payload) });
      setTab('result');
    } catch (err) {
      if (err instanceof MissingImageUrlError)
        toast.error('No image URL in response', 'The server answered without an image URL. Please try again.');
      else toast.error('Failed to generate image', messageOf(err, 'Please try again in a moment.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Box as="section" id="try-it" aria-labelledby="try-it-title" py={{ base: '12', md: '16' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Stack gap="2" textAlign="center" mb="8">
          <Heading as="h2" id="try-it-title" size="3xl">
            Try It Now
          </Heading>
          <Text color="gray.600" maxW="2xl" mx="auto">
            Edit the JSON, pick a format and a header colour, and generate a real image with the same engine the API
            uses. No account needed.
          </Text>
        </Stack>
        <Card.Root variant="outline" shadow="sm">
          <Card.Body p={{ base: '3', md: '6' }}>
            <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 280px' }} gap={{ base: '6', lg: '8' }}>
              <Tabs.Root
                value={tab}
                onValueChange={(d) => setTab(d.value as DemoTab)}
                variant="line"
                colorPalette="brand"
              >
                <Tabs.List>
                  <Tabs.Trigger value="editor">Editor</Tabs.Trigger>
                  <Tabs.Trigger value="result" disabled={!image}>
                    Result
                  </Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="editor">
                  <Stack gap="3">
                    <chakra.label htmlFor="demo-json" fontSize="sm" fontWeight="medium" color="gray.700">
                      Table JSON
                    </chakra.label>
                    <Textarea
                      id="demo-json"
                      value={json}
                      onChange={(e) => {
                        setJson(e.target.value);
                        if (jsonError) setJsonError(null);
                      }}
                      fontFamily="mono"
                      fontSize="sm"
                      rows={16}
                      spellCheck={false}
                      autoComplete="off"
                      wrap="off"
                      aria-invalid={jsonError !== null}
                      aria-describedby={jsonError ? 'demo-json-error' : undefined}
                    />
                    {jsonError && (
                      <Alert.Root status="error" size="sm" id="demo-json-error">
                        <Alert.Indicator />
                        <Alert.Description>{jsonError}</Alert.Description>
                      </Alert.Root>
                    )}
                    {controlsInvalid && (
                      <Text id="demo-controls-invalid" fontSize="sm" color="red.700">
                        Fix the highlighted style settings to generate.
                      </Text>
                    )}
                    <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                      <Button
                        colorPalette="brand"
                        onClick={generate}
                        loading={pending}
                        loadingText="Generating..."
                        disabled={controlsInvalid || !hydrated}
                        aria-describedby={controlsInvalid ? 'demo-controls-invalid' : undefined}
                      >
                        Generate Image
                      </Button>
                      <Button
                        variant="ghost"
                        onClick={() => {
                          setJson(defaultDemoJson);
                          setJsonError(null);
                        }}
                        disabled={pending}
                      >
                        Reset JSON
                      </Button>
                    </Stack>
                  </Stack>
                </Tabs.Content>
                <Tabs.Content value="result">
                  {image && (
                    <DemoResult
                      image={image}
                      selectedFormat={controls.imageFormat}
                      onCreateAnother={() => setTab('editor')}
                    />
                  )}
                </Tabs.Content>
              </Tabs.Root>
              <Box
                borderTopWidth={{ base: '1px', lg: '0' }}
                borderLeftWidth={{ base: '0', lg: '1px' }}
                borderColor="gray.200"
                pt={{ base: '6', lg: '0' }}
                pl={{ base: '0', lg: '8' }}
              >
                <DemoControls value={controls} disabled={tab === 'result'} onChange={setControls} />
              </Box>
            </Grid>
          </Card.Body>
        </Card.Root>
        <Text fontSize="sm" color="gray.600" textAlign="center" mt="4">
          Want permanent URLs, projects and your own API key?{' '}
          <RRLink to="/auth?tab=register" style={{ color: '#4a1e8c', textDecoration: 'underline' }}>
            Create a free account
          </RRLink>
          .
        </Text>
      </Container>
    </Box>
  );
}
