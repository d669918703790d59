import { Box, Button, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { CopyButton } from '../../../components/CopyButton';
import { formatDate } from '../../../lib/dates';
import type { TableImage } from '../../../lib/api/images';
import { useDashboardDialogs } from '../stores/dashboard-dialogs';
import { DownloadIcon, TrashIcon } from '../../../components/icons';

/** Cards have one height, so the virtualised grid knows where every row is without measuring. */
export const IMAGE_CARD_HEIGHT = 232;

export function ImageCard({
  image,
  selected = false,
  onToggle,
}: {
  image: TableImage;
  selected?: boolean;
  onToggle?: () => void;
}) {
  const open = useDashboardDialogs((s) => s.open);
  const name = image.title || image.filename;
  const isPdf = image.filename.toLowerCase().endsWith('.pdf');
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      bg="bg"
      data-testid="image-card"
      h={`${IMAGE_CARD_HEIGHT}px`}
      position="relative"
      borderColor={selected ? 'brand.500' : undefined}
      outline={selected ? '1px solid' : undefined}
      outlineColor="brand.500"
      data-selected={selected || undefined}
    >
      {onToggle && (
        <Box
          as="label"
          position="absolute"
          top="1.5"
          left="1.5"
          zIndex="1"
          bg="bg"
          borderRadius="sm"
          p="1"
          display="flex"
          boxShadow="xs"
          cursor="pointer"
        >
          <input
            type="checkbox"
            checked={selected}
            onChange={onToggle}
            aria-label={`Select ${name}`}
            style={{ width: 16, height: 16, cursor: 'pointer' }}
          />
        </Box>
      )}
      <Box
        as="button"
        onClick={() => open({ kind: 'view-image', image })}
        // A PDF's thumbnail is the word PDF: the name says it too (visible text in the accessible name).
        aria-label={isPdf ? `Open ${name}, PDF` : `Open ${name}`}
        display="block"
        w="100%"
        h="32"
        bg="gray.50"
        cursor="zoom-in"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
      >
        {isPdf ? (
          <Text fontSize="sm" color="fg.muted">
            PDF
          </Text>
        ) : (
          <Image src={image.url} alt="" loading="lazy" w="100%" h="100%" objectFit="contain" p="1" />
        )}
      </Box>
      <Stack gap="1" p="2">
        <Text fontSize="sm" fontWeight="medium" truncate title={name}>
          {name}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate title={image.filename} fontFamily="mono">
          {image.filename}
        </Text>
        {image.createdAt && (
          <Text fontSize="xs" color="fg.muted">
            {formatDate(image.createdAt)}
          </Text>
        )}
        <HStack gap="1" pt="1" flexWrap="nowrap" overflow="hidden">
          <Button size="xs" variant="outline" onClick={() => open({ kind: 'view-image', image })}>
            View
          </Button>
          <CopyButton
            value={new URL(image.url, window.location.origin).toString()}
            label="Copy URL"
            ariaLabel={`Copy URL of ${name}`}
          />
          <IconButton asChild size="xs" variant="outline" aria-label={`Download ${name}`}>
            <a href={image.url} download={image.filename}>
              <DownloadIcon size={14} />
            </a>
          </IconButton>
          <IconButton
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`Delete ${name}`}
            onClick={() => open({ kind: 'delete-image', image })}
          >
            <TrashIcon size={14} />
          </IconButton>
        </HStack>
      </Stack>
    </Box>
  );
}
