/**
 * The Preview tab's channel preset and split (issue #25 item 3): the preset picker says what the
 * preset sets and which of the user's own choices win over it; the split control offers off, at
 * most N rows per image, or auto (the preset's page height), checked as the API checks it.
 */
import { Box, Field, Input, List, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TableSettings } from '../../../lib/table-settings';
import { PresetField } from '../../../components/PresetField';
import {
  MAX_SPLIT_IMAGES,
  MAX_SPLIT_ROWS,
  jsonSetsSplit,
  presetOverrides,
  type RenderOptionsDraft,
  type SplitMode,
} from '../lib/render-options';

const SPLIT_LABELS: Record<SplitMode, string> = {
  off: 'Off: one image',
  rows: 'At most N rows per image',
  auto: "Auto: the preset's page height",
};

export function RenderOptionsFields({
  draft,
  onChange,
  payload,
  settings,
  problem,
}: {
  draft: RenderOptionsDraft;
  onChange: (draft: RenderOptionsDraft) => void;
  payload: Record<string, unknown> | null;
  settings: TableSettings;
  /** What is wrong with the split (splitProblem), shown under the control it concerns. */
  problem: string | null;
}) {
  const overrides = presetOverrides(draft, payload, settings);
  const splitInJson = jsonSetsSplit(payload);
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="render-options">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <PresetField id="render-preset" value={draft.preset} onChange={(preset) => onChange({ ...draft, preset })} />
        <Stack gap="3">
          <Field.Root invalid={!!problem && draft.split !== 'rows'}>
            <Field.Label htmlFor="render-split">Split a long table</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id="render-split"
                value={draft.split}
                onChange={(e) => onChange({ ...draft, split: e.currentTarget.value as SplitMode })}
              >
                {(Object.keys(SPLIT_LABELS) as SplitMode[]).map((mode) => (
                  <option key={mode} value={mode}>
                    {SPLIT_LABELS[mode]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {problem && draft.split !== 'rows' ? (
              <Field.ErrorText data-testid="split-error">{problem}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                {splitInJson
                  ? 'Your JSON sets options.split: it wins over this.'
                  : `Each image repeats the title and header and says "Page i of n"; each counts as one table; at most ${MAX_SPLIT_IMAGES} images.`}
              </Field.HelperText>
            )}
          </Field.Root>
          {draft.split === 'rows' && (
            <Field.Root invalid={!!problem}>
              <Field.Label htmlFor="render-max-rows">Rows per image</Field.Label>
              <Input
                id="render-max-rows"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_SPLIT_ROWS}
                step={1}
                value={draft.maxRows}
                onChange={(e) => onChange({ ...draft, maxRows: e.target.value })}
              />
              {problem ? (
                <Field.ErrorText data-testid="split-error">{problem}</Field.ErrorText>
              ) : (
                <Field.HelperText>1 to {MAX_SPLIT_ROWS.toLocaleString('en-US')}</Field.HelperText>
              )}
            </Field.Root>
          )}
        </Stack>
      </SimpleGrid>
      {overrides.length > 0 && (
        <Stack gap="1" mt="3" data-testid="preset-overrides">
          <Text fontSize="sm" fontWeight="medium">
            Your choices that win over the preset
          </Text>
          <List.Root fontSize="sm" ps="5" color="fg.muted">
            {overrides.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
    </Box>
  );
}
