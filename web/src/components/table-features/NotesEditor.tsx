/**
 * Subtitle, source notes and footnotes (issue #24): a line under the title, lines under the
 * table, and notes marked in a column's header or one of its cells.
 */
import { Box, Button, Field, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { newFootnote, type FieldErrors, type NotesDraft } from '../../lib/table-features';
import { ColumnSuggestions, ListItem, TextField } from './fields';

export function NotesEditor({
  idPrefix,
  notes,
  onChange,
  errors,
  columns,
}: {
  idPrefix: string;
  notes: NotesDraft;
  onChange: (next: NotesDraft) => void;
  errors: FieldErrors;
  columns: readonly string[];
}) {
  const listId = `${idPrefix}-columns`;
  const setFootnote = (i: number, patch: Partial<NotesDraft['footnotes'][number]>) =>
    onChange({ ...notes, footnotes: notes.footnotes.map((f, k) => (k === i ? { ...f, ...patch } : f)) });
  return (
    <Stack gap="3" data-testid={`${idPrefix}-notes`}>
      <ColumnSuggestions id={listId} columns={columns} />
      <TextField
        id={`${idPrefix}-subtitle`}
        label="Subtitle"
        value={notes.subtitle}
        maxLength={1000}
        placeholder="Fiscal year 2025, in USD"
        help="A smaller line under the title"
        error={errors.subtitle}
        onChange={(subtitle) => onChange({ ...notes, subtitle })}
      />
      <Field.Root invalid={!!errors.sourceNotes}>
        <Field.Label htmlFor={`${idPrefix}-source`}>Source notes</Field.Label>
        <Textarea
          id={`${idPrefix}-source`}
          value={notes.sourceNotes}
          rows={2}
          size="sm"
          bg="white"
          placeholder="Source: company ledger"
          onChange={(e) => onChange({ ...notes, sourceNotes: e.target.value })}
        />
        {errors.sourceNotes ? (
          <Field.ErrorText data-testid={`${idPrefix}-source-error`}>{errors.sourceNotes}</Field.ErrorText>
        ) : (
          <Field.HelperText>One line each, listed under the table</Field.HelperText>
        )}
      </Field.Root>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          Footnotes
        </Text>
        {notes.footnotes.map((f, i) => {
          const at = `footnotes.${i}`;
          const id = `${idPrefix}-footnote-${i}`;
          return (
            <ListItem
              key={f.key}
              list={notes.footnotes}
              index={i}
              onChange={(footnotes) => onChange({ ...notes, footnotes })}
              label={`Footnote ${i + 1}`}
              name={`footnote ${i + 1}`}
              heading={
                <Text fontSize="sm" fontWeight="semibold">
                  Footnote {i + 1}
                </Text>
              }
              testId="footnote-item"
            >
              <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
                <TextField
                  id={`${id}-text`}
                  label="Text"
                  value={f.text}
                  maxLength={1000}
                  error={errors[`${at}.text`]}
                  onChange={(text) => setFootnote(i, { text })}
                />
                <TextField
                  id={`${id}-column`}
                  label="Column (optional)"
                  value={f.column}
                  list={listId}
                  error={errors[`${at}.column`]}
                  help="Marks its header"
                  onChange={(column) => setFootnote(i, { column })}
                />
                <TextField
                  id={`${id}-row`}
                  label="Row (optional)"
                  value={f.row}
                  inputMode="numeric"
                  error={errors[`${at}.row`]}
                  help="With a column: marks that cell"
                  onChange={(row) => setFootnote(i, { row })}
                />
              </SimpleGrid>
            </ListItem>
          );
        })}
        <Box>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onChange({ ...notes, footnotes: [...notes.footnotes, newFootnote()] })}
          >
            + Footnote
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
