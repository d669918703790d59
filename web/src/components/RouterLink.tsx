import type { ReactNode } from 'react';
import { Link as RRLink } from 'react-router-dom';
import { Link, type LinkProps } from '@chakra-ui/react';

/** A Chakra-styled link that navigates inside the app (hash links included). */
export function RouterLink({ to, children, ...rest }: { to: string; children: ReactNode } & Omit<LinkProps, 'href'>) {
  return (
    <Link asChild {...rest}>
      <RRLink to={to}>{children}</RRLink>
    </Link>
  );
}
