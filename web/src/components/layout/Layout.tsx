import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Flex } from '@chakra-ui/react';
import { Header } from './Header';
import { Footer } from './Footer';
import { pageTitle } from '../../app/page-title';

/** Sets the browser tab's title for the screen shown (see page-title.ts). */
export function PageTitle() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const title = pageTitle(pathname, search);
    if (title !== null) document.title = title;
  }, [pathname, search]);
  return null;
}

/** How long a hash target is followed while the page above it is still growing. */
const FOLLOW_MS = 3000;
/** What a visitor does to scroll or move on by themselves. */
const INPUT_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Scrolls to the hash target after navigation (/#pricing, /documentation#json-guide), else to the top. */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return undefined;
    }
    const id = decodeURIComponent(hash.slice(1));
    // The target may render a frame later, and content above it may still grow (code blocks,
    // fonts, images) for longer than any fixed delay on a slow device: scroll whenever the page's
    // size changes, for a few seconds, and stop at once when the visitor scrolls or types.
    const follow = () => document.getElementById(id)?.scrollIntoView();
    const sizes = new ResizeObserver(follow);
    sizes.observe(document.body);
    const stop = () => {
      sizes.disconnect();
      clearTimeout(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, stop, true);
    };
    const timer = setTimeout(stop, FOLLOW_MS);
    for (const type of INPUT_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
    return stop;
  }, [pathname, hash]);
  return null;
}

export function Layout() {
  return (
    <Flex direction="column" minH="100vh">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <Flex as="main" id="main" tabIndex={-1} outline="none" direction="column" flex="1">
        <Outlet />
      </Flex>
      <Footer />
    </Flex>
  );
}
