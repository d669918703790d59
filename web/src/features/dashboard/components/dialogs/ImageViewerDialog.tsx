import { Box, Button, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { CopyButton } from '../../../../components/CopyButton';
import { formatDate } from '../../../../lib/dates';
import type { TableImage } from '../../api/images';
import { AppDialog } from '../AppDialog';
import { DownloadIcon } from '../icons';

export function ImageViewerDialog({ image, onClose }: { image: TableImage | null; onClose: () => void }) {
  const absolute = image ? new URL(image.url, window.location.origin).toString() : '';
  const isPdf = image?.filename.toLowerCase().endsWith('.pdf') ?? false;
  return (
    <AppDialog open={image !== null} onClose={onClose} title={image?.title || image?.filename || 'Image'} size="xl"
      footer={
        image && (
          <HStack gap="2" flexWrap="wrap">
            <CopyButton value={absolute} label="Copy URL" size="sm" ariaLabel="Copy image URL" />
            <Button asChild size="sm" variant="outline">
              <a href={image.url} download={image.filename}><DownloadIcon /> Download</a>
            </Button>
            <Button size="sm" onClick={onClose}>Close</Button>
          </HStack>
        )
      }>
      {image && (
        <Stack gap="3">
          <Box borderWidth="1px" borderRadius="md" overflow="auto" maxH="65vh" bg="gray.50" p="2" textAlign="center">
            {isPdf ? (
              <Text p="6">PDF documents open in a new tab: <Link href={image.url} target="_blank" rel="noopener" color="brand.700">{image.filename}</Link></Text>
            ) : (
              <Image src={image.url} alt={image.title ? `Table image: ${image.title}` : `Table image ${image.filename}`} maxW="100%" mx="auto" />
            )}
          </Box>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {image.filename}{image.createdAt ? ` · ${formatDate(image.createdAt)}` : ''}
          </Text>
          <Link href={image.url} target="_blank" rel="noopener" fontSize="sm" color="brand.700" wordBreak="break-all">{absolute}</Link>
        </Stack>
      )}
    </AppDialog>
  );
}
