/**
 * Conditional formats (issue #24): an ordered list, applied in order, each a rule, a colour
 * scale, a data bar or an icon set over one or more columns. Each item moves with its Move up /
 * Move down buttons; errors (local or from a 400) sit under the field they name.
 */
import { Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  FORMAT_TYPES,
  ICON_SETS,
  ICON_SET_LABELS,
  RULE_OPS,
  RULE_OP_LABELS,
  needsValue,
  needsValue2,
  newFormat,
  type FieldErrors,
  type FormatDraft,
  type FormatType,
} from '../../lib/table-features';
import { CheckField, ChoiceField, ColumnSuggestions, ListItem, OptionalColourField, TextField } from './fields';

const typeLabel = (t: FormatType) => FORMAT_TYPES.find((x) => x.type === t)!.label;

export function ConditionalFormatsEditor({
  idPrefix,
  formats,
  onChange,
  errors,
  columns,
}: {
  idPrefix: string;
  formats: FormatDraft[];
  onChange: (next: FormatDraft[]) => void;
  errors: FieldErrors;
  columns: readonly string[];
}) {
  const listId = `${idPrefix}-columns`;
  const update = (i: number, patch: Partial<FormatDraft>) =>
    onChange(formats.map((f, k) => (k === i ? ({ ...f, ...patch } as FormatDraft) : f)));
  return (
    <Stack gap="3" data-testid={`${idPrefix}-formats`}>
      <ColumnSuggestions id={listId} columns={columns} />
      {formats.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          No conditional formats. Add one to colour cells by their values.
        </Text>
      )}
      {formats.map((f, i) => {
        const at = `conditionalFormats.${i}`;
        const id = `${idPrefix}-${i}`;
        const name = `format ${i + 1} (${typeLabel(f.type).toLowerCase()})`;
        return (
          <ListItem
            key={f.key}
            list={formats}
            index={i}
            onChange={onChange}
            label={`Format ${i + 1}: ${typeLabel(f.type)}`}
            name={name}
            heading={
              <Heading as="h3" size="xs">
                {i + 1}. {typeLabel(f.type)}
              </Heading>
            }
            testId="format-item"
          >
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <TextField
                id={`${id}-columns`}
                label="Columns"
                value={f.columns}
                list={listId}
                placeholder="Revenue"
                help="One column, or several separated by commas"
                error={errors[`${at}.column`]}
                onChange={(v) => update(i, { columns: v })}
              />
              <FormatFields f={f} id={id} at={at} errors={errors} update={(patch) => update(i, patch)} />
            </SimpleGrid>
          </ListItem>
        );
      })}
      <HStack gap="2" flexWrap="wrap">
        {FORMAT_TYPES.map((t) => (
          <Button
            key={t.type}
            size="sm"
            variant="outline"
            onClick={() => onChange([...formats, newFormat(t.type, columns.length === 1 ? columns[0] : '')])}
          >
            + {t.label}
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}

function FormatFields({
  f,
  id,
  at,
  errors,
  update,
}: {
  f: FormatDraft;
  id: string;
  at: string;
  errors: FieldErrors;
  update: (patch: Partial<FormatDraft>) => void;
}) {
  switch (f.type) {
    case 'rule':
      return (
        <>
          <ChoiceField
            id={`${id}-op`}
            label="Condition"
            value={f.op}
            error={errors[`${at}.when.op`]}
            options={RULE_OPS.map((op) => ({ value: op, label: RULE_OP_LABELS[op] }))}
            onChange={(op) => update({ op })}
          />
          {needsValue(f.op) && (
            <TextField
              id={`${id}-value`}
              label={needsValue2(f.op) ? 'From' : 'Value'}
              value={f.value}
              error={errors[`${at}.when.value`]}
              onChange={(value) => update({ value })}
            />
          )}
          {needsValue2(f.op) && (
            <TextField
              id={`${id}-value2`}
              label="To"
              value={f.value2}
              error={errors[`${at}.when.value2`]}
              onChange={(value2) => update({ value2 })}
            />
          )}
          <OptionalColourField
            id={`${id}-bg`}
            label="Cell background"
            value={f.backgroundColor}
            error={errors[`${at}.style.backgroundColor`]}
            onChange={(backgroundColor) => update({ backgroundColor })}
          />
          <OptionalColourField
            id={`${id}-color`}
            label="Text colour"
            value={f.color}
            error={errors[`${at}.style.color`]}
            onChange={(color) => update({ color })}
          />
          <Stack gap="1" justify="center">
            <HStack gap="4">
              <CheckField id={`${id}-bold`} label="Bold" checked={f.bold} onChange={(bold) => update({ bold })} />
              <CheckField
                id={`${id}-italic`}
                label="Italic"
                checked={f.italic}
                onChange={(italic) => update({ italic })}
              />
            </HStack>
            {errors[`${at}.style`] && (
              <Text fontSize="sm" color="fg.error" data-testid={`${id}-style-error`}>
                {errors[`${at}.style`]}
              </Text>
            )}
          </Stack>
        </>
      );
    case 'colorScale':
      return (
        <>
          <ChoiceField
            id={`${id}-stops`}
            label="Colours"
            value={String(f.colors.length) as '2' | '3'}
            options={[
              { value: '2', label: '2 colours (low → high)' },
              { value: '3', label: '3 colours (low → middle → high)' },
            ]}
            onChange={(n) =>
              update({
                colors:
                  n === '2'
                    ? [f.colors[0]!, f.colors[f.colors.length - 1]!]
                    : [f.colors[0]!, '#ffeb84', f.colors[f.colors.length - 1]!],
              })
            }
          />
          {f.colors.map((c, k) => (
            <OptionalColourField
              key={k}
              id={`${id}-colour-${k}`}
              label={['Lowest', f.colors.length === 3 ? 'Middle' : 'Highest', 'Highest'][k]!}
              value={c}
              error={errors[`${at}.colors.${k}`] ?? errors[`${at}.colors`]}
              onChange={(v) => update({ colors: f.colors.map((x, j) => (j === k ? v : x)) })}
            />
          ))}
          <MinMax f={f} id={id} at={at} errors={errors} update={update} />
        </>
      );
    case 'dataBar':
      return (
        <>
          <OptionalColourField
            id={`${id}-bar`}
            label="Bar colour"
            value={f.color}
            error={errors[`${at}.color`]}
            onChange={(color) => update({ color })}
          />
          <MinMax f={f} id={id} at={at} errors={errors} update={update} />
          <CheckField
            id={`${id}-show`}
            label="Show the value beside the bar"
            checked={f.showValue}
            onChange={(showValue) => update({ showValue })}
          />
        </>
      );
    case 'iconSet':
      return (
        <>
          <ChoiceField
            id={`${id}-icons`}
            label="Icons"
            value={f.icons}
            options={ICON_SETS.map((s) => ({ value: s, label: ICON_SET_LABELS[s] }))}
            onChange={(icons) => update({ icons })}
          />
          <TextField
            id={`${id}-low`}
            label="Middle icon from"
            value={f.low}
            inputMode="decimal"
            error={errors[`${at}.thresholds`]}
            help="Values below it get the low icon"
            onChange={(low) => update({ low })}
          />
          <TextField
            id={`${id}-high`}
            label="High icon from"
            value={f.high}
            inputMode="decimal"
            onChange={(high) => update({ high })}
          />
          <CheckField
            id={`${id}-show`}
            label="Show the value beside the icon"
            checked={f.showValue}
            onChange={(showValue) => update({ showValue })}
          />
        </>
      );
  }
}

function MinMax({
  f,
  id,
  at,
  errors,
  update,
}: {
  f: { min: string; max: string };
  id: string;
  at: string;
  errors: FieldErrors;
  update: (patch: { min?: string; max?: string }) => void;
}) {
  return (
    <>
      <TextField
        id={`${id}-min`}
        label="Minimum (optional)"
        value={f.min}
        inputMode="decimal"
        placeholder="lowest value"
        error={errors[`${at}.min`]}
        onChange={(min) => update({ min })}
      />
      <TextField
        id={`${id}-max`}
        label="Maximum (optional)"
        value={f.max}
        inputMode="decimal"
        placeholder="highest value"
        error={errors[`${at}.max`]}
        onChange={(max) => update({ max })}
      />
    </>
  );
}
