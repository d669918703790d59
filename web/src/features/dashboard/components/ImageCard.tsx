import { Box, Button, HStack, IconButton, Image, Stack, Text } from '@chakra-ui/react';
import { CopyButton } from '../../../components/CopyButton';
import { formatDate } from '../../../lib/dates';
import type { TableImage } from '../api/images';
import { useDashboardDialogs } from '../stores/dashboard-dialogs';
import { DownloadIcon, TrashIcon } from './icons';

export function ImageCard({ image }: { image: TableImage }) {
  const open = useDashboardDialogs((s) => s.open);
  const name = image.title || image.filename;
  const isPdf = image.filename.toLowerCase().endsWith('.pdf');
  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg" data-testid="image-card">
      <Box
        as="button"
        onClick={() => open({ kind: 'view-image', image })}
        aria-label={`Open ${name}`}
        display="block"
        w="100%"
        h="32"
        bg="gray.50"
        cursor="zoom-in"
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px' }}
      >
        {isPdf ? (
          <Text fontSize="sm" color="fg.muted">PDF</Text>
        ) : (
          <Image src={image.url} alt="" loading="lazy" w="100%" h="100%" objectFit="contain" p="1" />
        )}
      </Box>
      <Stack gap="1" p="2">
        <Text fontSize="sm" fontWeight="medium" truncate title={name}>{name}</Text>
        {image.createdAt && <Text fontSize="xs" color="fg.muted">{formatDate(image.createdAt)}</Text>}
        <HStack gap="1" pt="1" flexWrap="wrap">
          <Button size="xs" variant="outline" onClick={() => open({ kind: 'view-image', image })}>View</Button>
          <CopyButton value={new URL(image.url, window.location.origin).toString()} label="Copy URL" ariaLabel={`Copy URL of ${name}`} />
          <IconButton asChild size="xs" variant="outline" aria-label={`Download ${name}`}>
            <a href={image.url} download={image.filename}><DownloadIcon size={14} /></a>
          </IconButton>
          <IconButton size="xs" variant="outline" colorPalette="red" aria-label={`Delete ${name}`} onClick={() => open({ kind: 'delete-image', image })}>
            <TrashIcon size={14} />
          </IconButton>
        </HStack>
      </Stack>
    </Box>
  );
}
