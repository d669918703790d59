import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Flex } from '@chakra-ui/react';
import { Header } from './Header';
import { Footer } from './Footer';

/** Scrolls to the hash target after navigation (/#pricing, /documentation#json-guide), else to the top. */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      const id = decodeURIComponent(hash.slice(1));
      // The target may render a frame later, and content above it may still grow (code blocks,
      // images): scroll once soon and once more after layout has settled.
      const timers = [50, 400].map((ms) => setTimeout(() => document.getElementById(id)?.scrollIntoView(), ms));
      return () => timers.forEach(clearTimeout);
    }
    window.scrollTo(0, 0);
    return undefined;
  }, [pathname, hash]);
  return null;
}

export function Layout() {
  return (
    <Flex direction="column" minH="100vh">
      <a href="#main" className="skip-link">Skip to content</a>
      <Header />
      <Flex as="main" id="main" tabIndex={-1} outline="none" direction="column" flex="1">
        <Outlet />
      </Flex>
      <Footer />
    </Flex>
  );
}
