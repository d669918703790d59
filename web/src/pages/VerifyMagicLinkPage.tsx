import { useEffect, useRef, useState } from 'react';
import { Link as RRLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Box, Button, Card, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { confirmMagicLink, verifyMagicLink } from '../features/auth/api';
import { toast } from '../lib/toaster';

type Phase = 'loading' | 'validating' | 'success' | 'error';
export const MAGIC_LINK_REDIRECT_MS = 2000;

export default function VerifyMagicLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>(token ? 'loading' : 'error');
  const [message, setMessage] = useState(token ? '' : 'No token provided');
  // StrictMode runs effects twice in development; a link can be consumed only once.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    let redirect: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        setPhase('validating');
        await verifyMagicLink(token);
        await confirmMagicLink(token);
        setPhase('success');
        redirect = setTimeout(() => navigate('/dashboard', { replace: true }), MAGIC_LINK_REDIRECT_MS);
      } catch {
        setPhase('error');
        setMessage('This magic link is invalid or has expired.');
        toast.error('Invalid Link', 'This magic link is invalid or has expired.');
      }
    })();
    return () => { if (redirect) clearTimeout(redirect); };
  }, [token, navigate]);

  return (
    <Center flex="1" bg="gray.50" px="4" py="16">
      <Card.Root maxW="md" w="full">
        <Card.Body>
          <Stack gap="4" align="center" textAlign="center" role="status" aria-live="polite">
            {(phase === 'loading' || phase === 'validating') && (
              <>
                <Spinner size="xl" color="brand.solid" borderWidth="3px" />
                <Heading as="h1" size="xl">{phase === 'loading' ? 'Loading...' : 'Verifying your magic link...'}</Heading>
                <Text color="gray.600">One moment while we sign you in.</Text>
              </>
            )}
            {phase === 'success' && (
              <>
                <Box color="green.600" aria-hidden="true">
                  <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2"><circle cx="12" cy="12" r="10" /><path d="M7 12.5l3 3 7-7" /></svg>
                </Box>
                <Heading as="h1" size="xl">You're signed in</Heading>
                <Text color="gray.600">Taking you to your dashboard...</Text>
              </>
            )}
            {phase === 'error' && (
              <>
                <Heading as="h1" size="xl">Invalid Link</Heading>
                <Text color="gray.600">{message}</Text>
                <Button asChild colorPalette="brand"><RRLink to="/auth">Back to Sign In</RRLink></Button>
              </>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
