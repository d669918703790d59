import { useState } from 'react';
import { FORMAT_LABELS, type ImageFormat } from '@jsonable/contracts/formats';
import { Box, Button, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { toast } from '../../../lib/toaster';
import { saveServerSettings } from '../api/settings';
import {
  borderStyles,
  defaultTableSettings,
  imageFormats,
  settingsErrors,
  settingsFontSizes,
  settingsFonts,
  storeSettings,
  type TableSettings,
} from '../../../lib/table-settings';
import { useTableSettings } from '../stores/table-settings-store';
import { ColourField } from '../../../components/ColourField';
import { SelectFields, type Choice } from '../../../components/SelectField';
import { TableFeaturesPanel } from './TableFeaturesPanel';

const colourFields: { key: 'headerBg' | 'headerText' | 'rowEvenBg' | 'rowOddBg' | 'borderColor'; label: string }[] = [
  { key: 'headerBg', label: 'Header background' },
  { key: 'headerText', label: 'Header text' },
  { key: 'rowEvenBg', label: 'Even row background' },
  { key: 'rowOddBg', label: 'Odd row background' },
  { key: 'borderColor', label: 'Border colour' },
];

const choiceFields: readonly Choice<TableSettings>[] = [
  { key: 'fontFamily', id: 'setting-font', label: 'Font', options: settingsFonts },
  { key: 'fontSize', id: 'setting-size', label: 'Font size', options: settingsFontSizes },
  { key: 'borderStyle', id: 'setting-border', label: 'Border style', options: borderStyles },
  {
    key: 'imageFormat',
    id: 'setting-format',
    label: 'Image format',
    options: imageFormats,
    optionLabel: (f: ImageFormat) => FORMAT_LABELS[f],
  },
];

const numberFields = [
  { key: 'cellPadding', id: 'setting-padding', label: 'Cell padding (px)', min: 0, max: 24, help: '0 to 24' },
  {
    key: 'imageQuality',
    id: 'setting-quality',
    label: 'Image quality',
    min: 1,
    max: 10,
    help: '1 to 10: quality of JPEG, WebP and AVIF (10 is best; PNG, SVG and PDF are lossless)',
  },
  { key: 'defaultWidth', id: 'setting-width', label: 'Default width (px)', min: 100, max: 4000, help: '100 to 4000' },
] as const;

function NumberField({
  id,
  label,
  value,
  min,
  max,
  help,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max?: number;
  help: string;
  error?: string;
  onChange: (v: number) => void;
}) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={Number.isFinite(value) ? String(value) : ''}
        onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      />
      {error ? <Field.ErrorText>{help}</Field.ErrorText> : <Field.HelperText>{help}</Field.HelperText>}
    </Field.Root>
  );
}

export function SettingsTab({ projectId = null, active = true }: { projectId?: string | null; active?: boolean }) {
  const { settings, set, replace } = useTableSettings();
  const [saving, setSaving] = useState(false);
  const errors = settingsErrors(settings);
  const invalid = Object.keys(errors).length > 0;

  async function save() {
    if (invalid) {
      toast.error('Error', 'Failed to save settings');
      return;
    }
    setSaving(true);
    try {
      storeSettings(window.localStorage, settings);
      await saveServerSettings(settings);
      replace(settings, true);
      toast.success('Settings saved successfully!', 'New tables use these settings.');
    } catch {
      toast.error('Error', 'Failed to save settings');
    } finally {
      setSaving(false);
    }
  }

  // The reset sticks: the defaults replace the copies here and on the server, so the next visit
  // does not bring the old settings back.
  async function reset() {
    replace(defaultTableSettings, true);
    try {
      storeSettings(window.localStorage, defaultTableSettings);
    } catch {
      /* storage blocked: the server copy still resets */
    }
    try {
      await saveServerSettings(defaultTableSettings);
      toast.success('Reset Complete', 'Settings are back to the defaults.');
    } catch {
      toast.error('Error', 'Failed to save settings');
    }
  }

  return (
    <Stack gap="10">
      <Stack gap="6" maxW="4xl">
        <Stack gap="1">
          <Heading as="h2" size="md">
            Table Style Settings
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Settings you change here apply to the tables you generate on this screen. Settings left at their default
            follow the selected project&apos;s default styles; styles written in the JSON win over both.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
          {colourFields.map((f) => (
            <ColourField
              key={f.key}
              id={`setting-${f.key}`}
              label={f.label}
              value={settings[f.key]}
              error={errors[f.key]}
              onChange={(v) => set(f.key, v)}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
          <SelectFields fields={choiceFields} values={settings} set={set} />
          {numberFields.map((f) => (
            <NumberField
              key={f.key}
              id={f.id}
              label={f.label}
              value={settings[f.key]}
              min={f.min}
              max={f.max}
              help={f.help}
              error={errors[f.key]}
              onChange={(v) => set(f.key, v)}
            />
          ))}
        </SimpleGrid>
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" onClick={save} loading={saving} loadingText="Saving..." disabled={invalid}>
            Save Settings
          </Button>
          <Button variant="outline" onClick={reset} disabled={saving}>
            Reset to Defaults
          </Button>
        </HStack>
      </Stack>
      {/* Mounted only while the tab shows: typing in the Preview tab's editor costs it nothing. */}
      {active && (
        <Box borderTopWidth="1px" pt="6">
          <TableFeaturesPanel projectId={projectId} />
        </Box>
      )}
    </Stack>
  );
}
