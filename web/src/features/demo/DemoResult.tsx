import { Alert, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ImageFormat } from '@jsonable/contracts/table';
import { CopyButton } from '../../components/CopyButton';
import { ImageFrame } from '../../components/ImageFrame';
import { formatLabel } from './DemoControls';

export interface DemoImage {
  url: string;
  format: ImageFormat;
  title: string;
  expiresAt: string | null;
}

/** Absolute URL for sharing; the API may answer with a path. */
const absolute = (url: string) => new URL(url, window.location.origin).toString();

export function DemoResult({
  image,
  selectedFormat,
  onCreateAnother,
}: {
  image: DemoImage;
  selectedFormat: ImageFormat;
  onCreateAnother: () => void;
}) {
  const label = formatLabel(image.format);
  return (
    <Stack gap="4">
      {selectedFormat !== image.format && (
        <Alert.Root status="info" size="sm" data-testid="format-notice">
          <Alert.Indicator />
          <Alert.Description>
            This image was generated as {label}. The format selector now says {formatLabel(selectedFormat)} — choose
            Create Another to generate it in that format.
          </Alert.Description>
        </Alert.Root>
      )}
      <ImageFrame minH="48">
        {image.format === 'pdf' ? (
          <Box
            as="object"
            data-testid="demo-result-pdf"
            {...{ data: image.url, type: 'application/pdf' }}
            w="full"
            h={{ base: '80', md: '28rem' }}
            aria-label={`${image.title} table as PDF`}
          >
            <Text p="4" textAlign="center">
              Your browser cannot show PDFs inline.{' '}
              <Link href={image.url} target="_blank" rel="noopener" color="brand.700" textDecoration="underline">
                Open the PDF
              </Link>
              .
            </Text>
          </Box>
        ) : (
          <img
            data-testid="demo-result-image"
            src={image.url}
            alt={`${image.title} table rendered as ${label}`}
            style={{
              maxWidth: '100%',
              height: 'auto',
              display: 'block',
              margin: '0 auto',
              boxShadow: '0 1px 3px rgba(0,0,0,0.12)',
            }}
          />
        )}
      </ImageFrame>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium" color="gray.700">
          Image URL ({label})
        </Text>
        <HStack gap="2" align="stretch">
          <Box
            flex="1"
            minW="0"
            fontFamily="mono"
            fontSize="sm"
            bg="white"
            borderWidth="1px"
            borderColor="gray.200"
            rounded="md"
            px="3"
            py="2"
            truncate
            title={absolute(image.url)}
          >
            {absolute(image.url)}
          </Box>
          <CopyButton value={absolute(image.url)} size="sm" ariaLabel="Copy image URL" />
        </HStack>
        <Text fontSize="xs" color="gray.600">
          Demo images are temporary{image.expiresAt ? ` (until ${new Date(image.expiresAt).toLocaleString()})` : ''}.
          With an account every image gets a permanent public URL.
        </Text>
      </Stack>
      <HStack gap="3" wrap="wrap">
        <Button colorPalette="brand" onClick={onCreateAnother}>
          Create Another
        </Button>
        <Button asChild variant="outline">
          <a href={image.url} download target="_blank" rel="noopener">
            Download {label}
          </a>
        </Button>
      </HStack>
    </Stack>
  );
}
