import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RRLink, useNavigate } from 'react-router-dom';
import { Box, Button, Container, Flex, HStack, IconButton, Stack } from '@chakra-ui/react';
import { Logo } from '../Logo';
import { RouterLink } from '../RouterLink';
import { logout, useUser } from '../../lib/auth';
import { messageOf } from '../../lib/api-client';
import { toast } from '../../lib/toaster';

const AccountMenu = lazy(() => import('./AccountMenu'));

const NAV = [
  { to: '/documentation', label: 'Docs' },
  { to: '/examples', label: 'Examples' },
  { to: '/#pricing', label: 'Pricing' },
] as const;

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

export function Header() {
  const { user } = useUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu and hands focus back to its button (a disclosure's usual keys).
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  async function onLogout() {
    setOpen(false);
    try {
      await logout(navigate);
    } catch (err) {
      toast.error('Logout failed', messageOf(err, 'Please try again.'));
    }
  }

  const userLabel = user ? user.first_name?.trim() || user.email : '';

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="white/95"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="gray.200"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Flex h="16" align="center" justify="space-between" gap="4">
          <RRLink to="/" aria-label="Jsonable home">
            <Logo />
          </RRLink>

          <HStack as="nav" aria-label="Main" gap="6" display={{ base: 'none', md: 'flex' }}>
            {NAV.map((n) => (
              <RouterLink key={n.to} to={n.to} color="gray.700" fontWeight="medium" _hover={{ color: 'brand.700' }}>
                {n.label}
              </RouterLink>
            ))}
            {user ? (
              <>
                <RouterLink to="/dashboard" color="gray.700" fontWeight="medium" _hover={{ color: 'brand.700' }}>
                  Dashboard
                </RouterLink>
                {/* The button's size while the menu's code loads: nothing moves when it arrives. */}
                <Suspense
                  fallback={
                    <Button variant="outline" size="sm" maxW="52" disabled>
                      <Box as="span" truncate>
                        {userLabel}
                      </Box>
                    </Button>
                  }
                >
                  <AccountMenu email={user.email} label={userLabel} onLogout={onLogout} />
                </Suspense>
              </>
            ) : (
              <Button asChild size="sm" colorPalette="brand">
                <RRLink to="/auth">Sign In</RRLink>
              </Button>
            )}
          </HStack>

          <IconButton
            ref={menuButton}
            display={{ base: 'inline-flex', md: 'none' }}
            variant="ghost"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
          >
            <MenuIcon open={open} />
          </IconButton>
        </Flex>
      </Container>

      {open && (
        <Box
          id="mobile-menu"
          as="nav"
          aria-label="Mobile"
          display={{ base: 'block', md: 'none' }}
          borderTopWidth="1px"
          borderColor="gray.200"
          bg="white"
        >
          <Stack px="4" py="3" gap="1">
            {NAV.map((n) => (
              <RouterLink key={n.to} to={n.to} py="2" fontWeight="medium" onClick={() => setOpen(false)}>
                {n.label}
              </RouterLink>
            ))}
            {user ? (
              <>
                <RouterLink to="/dashboard" py="2" fontWeight="medium" onClick={() => setOpen(false)}>
                  Dashboard
                </RouterLink>
                <RouterLink to="/settings" py="2" fontWeight="medium" onClick={() => setOpen(false)}>
                  Settings
                </RouterLink>
                <Button variant="outline" size="sm" mt="2" onClick={onLogout}>
                  Logout
                </Button>
              </>
            ) : (
              <Button asChild size="sm" colorPalette="brand" mt="2">
                <RRLink to="/auth" onClick={() => setOpen(false)}>
                  Sign In
                </RRLink>
              </Button>
            )}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
