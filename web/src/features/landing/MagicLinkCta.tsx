import { useState } from 'react';
import { Box, Button, CloseButton, Container, Dialog, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { MagicLinkForm } from '../../components/MagicLinkForm';

/** The optional magic-link dialog of the landing page: e-mail entry, then Check Your Email. */
export function MagicLinkCta() {
  const [open, setOpen] = useState(false);
  return (
    <Box as="section" aria-labelledby="magic-cta-title" py={{ base: '12', md: '16' }}>
      <Container maxW="3xl" px={{ base: '4', md: '6' }}>
        <Stack
          gap="4"
          align="center"
          textAlign="center"
          bg="brand.700"
          color="white"
          rounded="2xl"
          px={{ base: '6', md: '12' }}
          py="10"
        >
          <Heading as="h2" id="magic-cta-title" size="2xl">
            Ready when you are
          </Heading>
          <Text color="brand.100">
            Get a sign-in link by e-mail — no password to remember. New here? The link creates your free account.
          </Text>
          <Dialog.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="center">
            <Dialog.Trigger asChild>
              <Button bg="white" color="brand.700" _hover={{ bg: 'brand.50' }}>
                Email Me a Sign-In Link
              </Button>
            </Dialog.Trigger>
            <Portal>
              <Dialog.Backdrop />
              <Dialog.Positioner px="4">
                <Dialog.Content>
                  <Dialog.Header>
                    <Dialog.Title>Sign in with a magic link</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body pb="6">
                    <MagicLinkForm idPrefix="landing-magic" />
                  </Dialog.Body>
                  <Dialog.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label="Close" />
                  </Dialog.CloseTrigger>
                </Dialog.Content>
              </Dialog.Positioner>
            </Portal>
          </Dialog.Root>
        </Stack>
      </Container>
    </Box>
  );
}
