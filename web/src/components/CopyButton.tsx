import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';
import { copyText } from '../lib/clipboard';
import { toast } from '../lib/toaster';

export const COPY_CONFIRMATION_MS = 2000;

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The text put on the clipboard. */
  value: string;
  /** Button text before copying (default 'Copy'). */
  label?: string;
  /** Accessible name when the label alone is ambiguous, e.g. 'Copy endpoint URL'. */
  ariaLabel?: string;
}

/** Copies `value`; the label reads 'Copied!' for 2 s (SPEC §4), a failure is an error toast. */
export function CopyButton({
  value,
  label = 'Copy',
  ariaLabel,
  size = 'xs',
  variant = 'outline',
  ...rest
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function onClick() {
    try {
      await copyText(value);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      toast.error('Error', 'Failed to copy to clipboard');
    }
  }

  return (
    <Button size={size} variant={variant} onClick={onClick} aria-label={ariaLabel} aria-live="polite" {...rest}>
      {copied ? 'Copied!' : label}
    </Button>
  );
}
