import { useEffect, useState } from 'react';
import { Box, Button, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { twinsOf } from '@jsonable/contracts/formats';
import { CopyButton } from '../../../../components/CopyButton';
import { formatDate } from '../../../../lib/dates';
import { updateAltText, type TableImage } from '../../../../lib/api/images';
import { htmlSnippet, markdownSnippet, slackSnippet } from '../../lib/snippets';
import { AppDialog } from '../../../../components/AppDialog';
import { useDialogAction } from '../../../../components/ActionDialog';
import { DownloadIcon } from '../../../../components/icons';
import { AltTextField } from '../AltTextField';

export function ImageViewerDialog({ image, onClose }: { image: TableImage | null; onClose: () => void }) {
  const absolute = image ? new URL(image.url, window.location.origin).toString() : '';
  const isPdf = image?.filename.toLowerCase().endsWith('.pdf') ?? false;
  const [saved, setSaved] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const { busy, run } = useDialogAction();
  useEffect(() => {
    setSaved(image?.altText ?? null);
    setDraft(image?.altText ?? '');
  }, [image]);
  const alt = saved ?? (image?.title ? `Table image: ${image.title}` : `Table image ${image?.filename ?? ''}`);
  const twins = image ? twinsOf(absolute, image.hasTwins) : null;

  function saveAltText() {
    if (!image) return;
    void run(async () => {
      const stored = await updateAltText(image.id, draft);
      setSaved(stored);
      setDraft(stored ?? '');
      return ['Alt text saved', 'Snippets and the list use the new text.'];
    }, ['Failed to save alt text', 'Please try again.']);
  }

  return (
    <AppDialog
      open={image !== null}
      onClose={onClose}
      title={image?.title || image?.filename || 'Image'}
      size="xl"
      footer={
        image && (
          <HStack gap="2" flexWrap="wrap">
            <CopyButton value={absolute} label="Copy URL" size="sm" ariaLabel="Copy URL of this image" />
            <Button asChild size="sm" variant="outline">
              <a href={image.url} download={image.filename}>
                <DownloadIcon /> Download
              </a>
            </Button>
            <Button size="sm" onClick={onClose}>
              Close
            </Button>
          </HStack>
        )
      }
    >
      {image && (
        <Stack gap="3">
          <Box borderWidth="1px" borderRadius="md" overflow="auto" maxH="50vh" bg="gray.50" p="2" textAlign="center">
            {isPdf ? (
              <Text p="6">
                PDF documents open in a new tab:{' '}
                <Link href={image.url} target="_blank" rel="noopener" color="brand.700">
                  {image.filename}
                </Link>
              </Text>
            ) : (
              <Image src={image.url} alt={alt} maxW="100%" mx="auto" />
            )}
          </Box>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {image.filename}
            {image.createdAt ? ` · ${formatDate(image.createdAt)}` : ''}
          </Text>
          <Link href={image.url} target="_blank" rel="noopener" fontSize="sm" color="brand.700" wordBreak="break-all">
            {absolute}
          </Link>
          <AltTextField
            value={draft}
            onChange={setDraft}
            rows={3}
            help="What a screen reader says instead of the image. Generated from the table; rewrite it if you like."
            testId="alt-text"
          />
          <HStack gap="2" flexWrap="wrap">
            <Button
              size="xs"
              colorPalette="brand"
              onClick={saveAltText}
              loading={busy}
              loadingText="Saving..."
              disabled={draft.trim() === '' || draft.trim() === (saved ?? '')}
            >
              Save alt text
            </Button>
            <CopyButton
              value={htmlSnippet(absolute, alt)}
              label="Copy HTML"
              ariaLabel="Copy HTML snippet with alt text"
            />
            <CopyButton
              value={markdownSnippet(absolute, alt)}
              label="Copy Markdown"
              ariaLabel="Copy Markdown snippet with alt text"
            />
            <CopyButton
              value={slackSnippet(absolute, alt)}
              label="Copy Slack"
              ariaLabel="Copy Slack snippet with alt text"
            />
            {twins ? (
              <>
                <Link href={twins.csv} fontSize="sm" color="brand.700" download>
                  Data as CSV
                </Link>
                <Link href={twins.html} target="_blank" rel="noopener" fontSize="sm" color="brand.700">
                  Data as HTML table
                </Link>
              </>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                No CSV or HTML: this image was made before data twins existed.
              </Text>
            )}
          </HStack>
        </Stack>
      )}
    </AppDialog>
  );
}
