import { Link as RRLink } from 'react-router-dom';
import { Badge, Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { heroImage } from 'virtual:site-images';

/**
 * The hero shows a real table, drawn by our own engine when the site is built (2× pixels, alt text
 * generated from its data as for any image: web/build/site-images.ts). Its width and height hold
 * its place before it arrives, and it decodes off the main thread, so it never holds back the
 * words beside it.
 */
export function HeroSection() {
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      overflow="hidden"
      bgGradient="to-b"
      gradientFrom="brand.50"
      gradientTo="white"
      pt={{ base: '10', md: '20' }}
      pb={{ base: '10', md: '16' }}
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Grid
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }}
          gap={{ base: '10', lg: '12' }}
          alignItems="center"
        >
          <Stack gap="6" align={{ base: 'center', lg: 'flex-start' }} textAlign={{ base: 'center', lg: 'left' }}>
            <Badge colorPalette="brand" variant="subtle" size="lg" rounded="full" px="3">
              PNG · JPEG · WebP · AVIF · SVG · PDF
            </Badge>
            <Heading
              as="h1"
              id="hero-title"
              fontSize={{ base: '3xl', sm: '4xl', md: '5xl', xl: '6xl' }}
              lineHeight="1.1"
              letterSpacing="-0.02em"
            >
              Turn JSON into beautiful table images
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="gray.600" maxW="2xl">
              Post your rows to one endpoint and get back a permanent public URL of a crisp, styled table — ready for
              reports, e-mails, Slack messages and automation workflows in Make, n8n, Zapier and Gumloop.
            </Text>
            <HStack gap="3" wrap="wrap" justify={{ base: 'center', lg: 'flex-start' }}>
              <Button asChild size="lg" colorPalette="brand">
                <RRLink to="/auth">Get Started</RRLink>
              </Button>
              <Button asChild size="lg" variant="outline">
                <RRLink to="/api-reference">API Documentation</RRLink>
              </Button>
            </HStack>
          </Stack>
          <Box position="relative" mx="auto" w="full" maxW="560px">
            <Box
              position="absolute"
              inset="-4"
              bg="brand.100"
              rounded="3xl"
              transform="rotate(-2deg)"
              aria-hidden="true"
            />
            <Box
              position="relative"
              bg="white"
              rounded="xl"
              shadow="xl"
              borderWidth="1px"
              borderColor="gray.200"
              p={{ base: '2', md: '3' }}
            >
              <img
                src={heroImage.src}
                width={heroImage.width}
                height={heroImage.height}
                alt={heroImage.alt}
                decoding="async"
                style={{ display: 'block', width: '100%', height: 'auto' }}
              />
            </Box>
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
