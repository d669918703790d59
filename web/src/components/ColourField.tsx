import { Box, Field, HStack, Input } from '@chakra-ui/react';
import { HEX_COLOUR } from '../lib/table-settings';

/** `#abc` → `#aabbcc`, for the native colour picker, which only takes six digits. */
export function sixDigitHex(value: string): string {
  if (!HEX_COLOUR.test(value)) return '#000000';
  const h = value.slice(1);
  return h.length === 3 ? `#${h[0]}${h[0]}${h[1]}${h[1]}${h[2]}${h[2]}`.toLowerCase() : `#${h}`.toLowerCase();
}

/**
 * A colour's picker and hex text side by side: a swatch that opens the native picker (the picker
 * is invisible over it, labelled "{label} picker"), filled with `swatch`, whose six-digit value is
 * `picked`; the text field (`id`) holds what is typed, trimmed. `compact` is the small size the
 * table-features editors use.
 */
export function ColourInput({
  id,
  label,
  value,
  onChange,
  swatch,
  picked,
  compact = false,
  maxLength,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  swatch: string;
  picked: string;
  compact?: boolean;
  maxLength: number;
  placeholder: string;
}) {
  return (
    <HStack gap="2" w="100%">
      <Box
        as="label"
        position="relative"
        w={compact ? '8' : '10'}
        h={compact ? '8' : '10'}
        flexShrink={0}
        borderWidth="1px"
        borderRadius="md"
        overflow="hidden"
        bg={swatch}
        cursor="pointer"
      >
        <input
          type="color"
          aria-label={`${label} picker`}
          value={picked}
          onChange={(e) => onChange(e.target.value)}
          style={{ position: 'absolute', inset: 0, opacity: 0, width: '100%', height: '100%', cursor: 'pointer' }}
        />
      </Box>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        fontFamily="mono"
        size={compact ? 'sm' : undefined}
        bg={compact ? 'white' : undefined}
        maxLength={maxLength}
        placeholder={placeholder}
      />
    </HStack>
  );
}

export interface ColourFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A colour as a picker plus its hex text (SPEC §5: #rgb or #rrggbb); the text is what is validated. */
export function ColourField({ id, label, value, onChange, error }: ColourFieldProps) {
  const invalid = !HEX_COLOUR.test(value);
  return (
    <Field.Root invalid={invalid || !!error}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <ColourInput
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        swatch={invalid ? 'white' : value}
        picked={sixDigitHex(value)}
        maxLength={7}
        placeholder="#2563eb"
      />
      <Field.ErrorText>{error ?? 'Use a hex colour such as #2563eb'}</Field.ErrorText>
    </Field.Root>
  );
}
