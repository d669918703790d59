import { Link as RRLink } from 'react-router-dom';
import { Badge, Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { heroImage } from 'virtual:site-images';
import { HERO_TABLE_ID } from './hero-table';

/**
 * The prerendered landing page carries the hero table inline, as the SVG our engine drew at build
 * time (web/build/prerender.ts puts it in): it is painted with the page's first words, with no
 * image to fetch. Read here, before React hydrates the page, so hydration keeps the same markup
 * (and a later visit to / in this tab draws it again). Null when the page was not prerendered
 * (reached by a link inside the app): the hero is then the same SVG as an image file.
 */
const prerenderedHero: string | null =
  typeof document === 'undefined' ? '' : (document.getElementById(HERO_TABLE_ID)?.innerHTML ?? null);

const fill = { display: 'block', width: '100%', height: 'auto' } as const;

/**
 * The hero shows a real table, drawn by our own engine when the site is built, with its text as
 * paths (no font to load) and an accessible name and description from its data, as for any SVG
 * the service makes (web/build/site-images.ts).
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
              {prerenderedHero !== null ? (
                <Box
                  id={HERO_TABLE_ID}
                  css={{ '& > svg': fill }}
                  dangerouslySetInnerHTML={{ __html: prerenderedHero }}
                />
              ) : (
                <img
                  src={heroImage.src}
                  width={heroImage.width}
                  height={heroImage.height}
                  alt={heroImage.alt}
                  decoding="async"
                  style={fill}
                />
              )}
            </Box>
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
