/**
 * Small form pieces the table-features editors share: a text field with its error, an optional
 * colour, a check box, a select, and the Move up / Move down / Remove buttons of a list item
 * (keyboard-reachable reordering: every item can be moved with buttons, nothing needs a drag).
 */
import type { ReactNode } from 'react';
import { Box, Button, Field, HStack, NativeSelect } from '@chakra-ui/react';
import { parseColour } from '@jsonable/contracts/colour';
import { ColourInput } from '../ColourField';
import { moved } from '../../lib/table-features';
import { TextField as LabelledInput } from '../AccountForms';

/** The editors' text field: small, on white. */
export function TextField({
  help,
  ...props
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  help?: ReactNode;
  placeholder?: string;
  list?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  maxLength?: number;
}) {
  return <LabelledInput {...props} helper={help} size="sm" bg="white" />;
}

/** A colour that may be left empty (then the table's own colour stays): picker plus hex text. */
export function OptionalColourField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
}) {
  const parsed = value.trim() === '' ? null : parseColour(value);
  const bad = value.trim() !== '' && parsed === null;
  return (
    <Field.Root invalid={bad || !!error}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <ColourInput
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        swatch={parsed ? parsed.slice(0, 7) : 'white'}
        picked={parsed ? parsed.slice(0, 7) : '#ffffff'}
        compact
        maxLength={32}
        placeholder="none"
      />
      {(bad || error) && (
        <Field.ErrorText data-testid={`${id}-error`}>{error ?? 'Use a colour such as #2563eb'}</Field.ErrorText>
      )}
    </Field.Root>
  );
}

export function CheckField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <HStack as="label" gap="2" fontSize="sm" cursor="pointer">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        style={{ width: 16, height: 16, accentColor: '#1d4ed8' }}
      />
      {label}
    </HStack>
  );
}

export function ChoiceField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
  error?: string | undefined;
}) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} bg="white" onChange={(e) => onChange(e.currentTarget.value as T)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText data-testid={`${id}-error`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export function ItemControls({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <HStack gap="1" flexShrink={0}>
      <Button
        size="xs"
        variant="outline"
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </Button>
      <Button
        size="xs"
        variant="outline"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </Button>
      <Button size="xs" variant="outline" colorPalette="red" aria-label={`Remove ${name}`} onClick={onRemove}>
        Remove
      </Button>
    </HStack>
  );
}

/**
 * One item of an ordered list editor: a section named `label`, its heading beside the Move up /
 * Move down / Remove buttons (which name it `name`), then its fields. Moving and removing answer
 * the whole list.
 */
export function ListItem<T>({
  list,
  index,
  onChange,
  label,
  name,
  heading,
  bg = 'gray.50',
  testId,
  children,
}: {
  list: readonly T[];
  index: number;
  onChange: (next: T[]) => void;
  label: string;
  name: string;
  heading: ReactNode;
  bg?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box as="section" aria-label={label} borderWidth="1px" borderRadius="md" p="3" bg={bg} data-testid={testId}>
      <HStack justify="space-between" mb="2" gap="2" flexWrap="wrap">
        {heading}
        <ItemControls
          name={name}
          index={index}
          count={list.length}
          onMove={(by) => onChange(moved(list, index, by))}
          onRemove={() => onChange(list.filter((_, k) => k !== index))}
        />
      </HStack>
      {children}
    </Box>
  );
}

/** Column names the editor knows, offered as suggestions in the column fields. */
export function ColumnSuggestions({ id, columns }: { id: string; columns: readonly string[] }) {
  return (
    <datalist id={id}>
      {columns.map((c) => (
        <option key={c} value={c} />
      ))}
    </datalist>
  );
}
