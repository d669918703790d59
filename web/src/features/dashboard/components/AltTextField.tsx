import type { ReactNode } from 'react';
import { Field, Textarea } from '@chakra-ui/react';
import { ALT_TEXT_MAX } from '@jsonable/contracts/alt-text';

/** The alt text of an image or a living image's version, as its owner rewrites it (issue #25). */
export function AltTextField({
  value,
  onChange,
  rows,
  help,
  problem = null,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  rows: number;
  help: ReactNode;
  /** Why the last save failed, shown under the field. */
  problem?: string | null;
  testId: string;
}) {
  return (
    <Field.Root invalid={problem !== null}>
      <Field.Label>Alt text</Field.Label>
      <Textarea
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={rows}
        maxLength={ALT_TEXT_MAX}
        data-testid={testId}
      />
      <Field.HelperText>{help}</Field.HelperText>
      {problem && <Field.ErrorText role="alert">{problem}</Field.ErrorText>}
    </Field.Root>
  );
}
