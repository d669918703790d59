import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeftIcon } from './icons';

/** The way back from a signed-in screen (project styles, create image, subscribe, manage subscription). */
export function BackToDashboard({ alignSelf }: { alignSelf?: 'start' }) {
  return (
    <Link asChild color="brand.700" fontWeight="medium" fontSize="sm" alignSelf={alignSelf}>
      <RouterLink to="/dashboard">
        <ArrowLeftIcon /> Back to Dashboard
      </RouterLink>
    </Link>
  );
}
