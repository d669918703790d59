import { Link as RRLink } from 'react-router-dom';
import { Badge, Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';

export function HeroSection() {
  return (
    <Box as="section" aria-labelledby="hero-title" bgGradient="to-b" gradientFrom="brand.50" gradientTo="white" pt={{ base: '12', md: '20' }} pb={{ base: '10', md: '14' }}>
      <Container maxW="5xl" px={{ base: '4', md: '6' }} textAlign="center">
        <Stack gap="6" align="center">
          <Badge colorPalette="brand" variant="subtle" size="lg" rounded="full" px="3">PNG · JPEG · SVG · PDF</Badge>
          <Heading as="h1" id="hero-title" fontSize={{ base: '3xl', sm: '4xl', md: '6xl' }} lineHeight="1.1" letterSpacing="-0.02em" maxW="4xl">
            Turn JSON into beautiful table images
          </Heading>
          <Text fontSize={{ base: 'md', md: 'xl' }} color="gray.600" maxW="2xl">
            Post your rows to one endpoint and get back a permanent public URL of a crisp, styled table —
            ready for reports, e-mails, Slack messages and automation workflows in Make, n8n, Zapier and Gumloop.
          </Text>
          <HStack gap="3" wrap="wrap" justify="center">
            <Button asChild size="lg" colorPalette="brand"><RRLink to="/auth">Get Started</RRLink></Button>
            <Button asChild size="lg" variant="outline"><RRLink to="/api-reference">API Documentation</RRLink></Button>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
