import { useState } from 'react';
import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TableImage } from '../api/images';
import { ImageCard } from './ImageCard';

/**
 * Images shown at first, and added by each Show more: a project fed by an hourly automation holds
 * thousands of images, and a card for each at once made the dashboard slow to open. Newest first,
 * as the list comes; divisible by every column count of the grid (1–4).
 */
export const IMAGES_PER_PAGE = 24;

export function ImageGrid({ images }: { images: TableImage[] }) {
  const [shown, setShown] = useState(IMAGES_PER_PAGE);
  const visible = images.length > shown ? images.slice(0, shown) : images;
  const hidden = images.length - visible.length;
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap="3">
        {visible.map((img) => <ImageCard key={img.id} image={img} />)}
      </SimpleGrid>
      {hidden > 0 && (
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Text fontSize="sm" color="fg.muted" data-testid="images-shown">
            Showing {visible.length} of {images.length} images
          </Text>
          <Button size="sm" variant="outline" onClick={() => setShown((n) => n + IMAGES_PER_PAGE)}>
            Show {Math.min(IMAGES_PER_PAGE, hidden)} more
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
