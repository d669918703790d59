/**
 * What Generate Table saved: the public URL, or for a split table (options.split, issue #25) every
 * page's URL with a Copy button (and Copy all), and every page drawn with its own Download and
 * Open links.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, HStack, Image, Input, Link, Stack, Text } from '@chakra-ui/react';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toaster';
import { DownloadIcon } from '../../../components/icons';
import type { SavedPage } from '../api/render';

const pageName = (p: SavedPage) => `page ${p.page} of ${p.pages}`;

function useCopied(): [string | null, (key: string, text: string, title: string) => Promise<void>] {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  async function copy(key: string, text: string, title: string) {
    try {
      await copyText(text);
      setCopied(key);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(null), 2000);
      toast.success(title, text.includes('\n') ? `${text.split('\n').length} URLs` : text);
    } catch {
      toast.error('Error', 'Failed to copy to clipboard');
    }
  }
  return [copied, copy];
}

/** One URL, read-only, with its Copy button. */
function UrlRow({
  url,
  label,
  copyLabel,
  testId,
  copied,
  onCopy,
}: {
  url: string;
  label: string;
  copyLabel: string;
  testId: string;
  copied: boolean;
  onCopy: () => void;
}) {
  return (
    <HStack gap="2">
      <Input
        value={url}
        readOnly
        fontFamily="mono"
        fontSize="xs"
        bg="white"
        aria-label={label}
        data-testid={testId}
        onFocus={(e) => e.currentTarget.select()}
      />
      {/* The name holds the visible word (axe: label-content-name-mismatch), and says which URL. */}
      <Button
        size="sm"
        variant="outline"
        bg="white"
        onClick={onCopy}
        aria-label={copied ? `Copied! ${copyLabel.replace(/^Copy /, '')}` : copyLabel}
        flexShrink={0}
      >
        {copied ? 'Copied!' : 'Copy'}
      </Button>
    </HStack>
  );
}

/**
 * Under the editor after Generate Table: the image's public URL, or for a split every image's,
 * each copyable (and all of them at once).
 */
export function PublicUrlBox({ url, pages }: { url: string; pages: SavedPage[] }) {
  const [copied, copy] = useCopied();
  const split = pages.length > 1;
  return (
    <Box
      borderWidth="1px"
      borderColor="green.300"
      bg="green.50"
      borderRadius="md"
      p="3"
      data-testid={split ? 'split-url-box' : 'public-url-box'}
    >
      <HStack justify="space-between" mb="2" gap="2" flexWrap="wrap">
        <Text fontWeight="semibold" fontSize="sm" color="green.900">
          {split ? `Public URLs: ${pages.length} images` : 'Public URL'}
        </Text>
        {split && (
          <Button
            size="xs"
            variant="outline"
            bg="white"
            onClick={() => void copy('all', pages.map((p) => p.url).join('\n'), 'URLs Copied')}
          >
            {copied === 'all' ? 'Copied!' : 'Copy all URLs'}
          </Button>
        )}
      </HStack>
      {split ? (
        <Stack gap="2">
          {pages.map((p) => (
            <Stack key={p.page} gap="1">
              <Text fontSize="xs" color="green.900">
                Page {p.page} of {p.pages}
              </Text>
              <UrlRow
                url={p.url}
                label={`Public URL of ${pageName(p)}`}
                copyLabel={`Copy the URL of ${pageName(p)}`}
                testId="split-image-url"
                copied={copied === String(p.page)}
                onCopy={() => void copy(String(p.page), p.url, 'URL Copied')}
              />
            </Stack>
          ))}
        </Stack>
      ) : (
        <>
          <UrlRow
            url={url}
            label="Public URL"
            copyLabel="Copy public URL"
            testId="public-url"
            copied={copied === 'one'}
            onCopy={() => void copy('one', url, 'URL Copied')}
          />
          <Link href={url} target="_blank" rel="noopener" fontSize="xs" color="green.900" mt="2" display="inline-block">
            Open the image in a new tab
          </Link>
        </>
      )}
    </Box>
  );
}

/** In the preview pane: every image of the split, each with Download and Open. */
export function SplitPages({ pages, title }: { pages: SavedPage[]; title: string | null }) {
  return (
    <Stack gap="5">
      <Text fontSize="sm">
        The table was split into {pages.length} images; each repeats the header and counts as one table.
      </Text>
      {pages.map((p) => (
        <Stack as="figure" key={p.page} gap="2" data-testid="split-image">
          <HStack as="figcaption" justify="space-between" gap="2" flexWrap="wrap" fontSize="sm">
            <Text fontWeight="medium">
              Page {p.page} of {p.pages}{' '}
              <Text as="span" color="fg.muted" fontWeight="normal">
                {p.width} × {p.height} px
              </Text>
            </Text>
            <HStack gap="2">
              <Button asChild size="xs" variant="outline">
                <a href={p.url} download={p.filename ?? undefined} aria-label={`Download ${pageName(p)}`}>
                  <DownloadIcon /> Download
                </a>
              </Button>
              <Link
                href={p.url}
                target="_blank"
                rel="noopener"
                fontSize="xs"
                color="brand.700"
                aria-label={`Open ${pageName(p)} in a new tab`}
              >
                Open
              </Link>
            </HStack>
          </HStack>
          <Image
            src={p.url}
            alt={p.altText ?? `${title ?? 'The table'}, ${pageName(p)}`}
            maxW="100%"
            mx="auto"
            borderWidth="1px"
          />
        </Stack>
      ))}
    </Stack>
  );
}
