import { Field, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { HEX_COLOUR } from '@jsonable/contracts/hex-colour';
import { FORMAT_LABELS, IMAGE_FORMATS, type ImageFormat } from '@jsonable/contracts/formats';
import { SelectField } from '../../components/SelectField';
import { DEMO_PADDING_MAX, DEMO_PADDING_MIN, demoControlErrors, type DemoStyleControls } from './demo-payload';

export const formatLabel = (f: ImageFormat) => FORMAT_LABELS[f];

const DEMO_FONT_SIZES = [12, 14, 16, 18];

const colourFields = [
  { key: 'headerBg', id: 'demo-header-bg', label: 'Header colour' },
  { key: 'headerText', id: 'demo-header-text', label: 'Header text' },
] as const;

function ColourField({
  id,
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <Field.Root disabled={disabled} invalid={error !== undefined}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <HStack gap="2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={HEX_COLOUR.test(value) && value.length === 7 ? value : '#000000'}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          style={{
            width: 40,
            height: 36,
            border: '1px solid #d4d4d8',
            borderRadius: 6,
            padding: 2,
            background: 'white',
            cursor: disabled ? 'not-allowed' : 'pointer',
          }}
        />
        <Input
          id={id}
          size="sm"
          fontFamily="mono"
          value={value}
          maxLength={7}
          onChange={(e) => onChange(e.target.value)}
        />
      </HStack>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** Format and style controls; disabled while the result tab is showing (SPEC §2). */
export function DemoControls({
  value,
  disabled,
  onChange,
}: {
  value: DemoStyleControls;
  disabled: boolean;
  onChange: (v: DemoStyleControls) => void;
}) {
  const errors = demoControlErrors(value);
  const set = <K extends keyof DemoStyleControls>(k: K, v: DemoStyleControls[K]) => onChange({ ...value, [k]: v });
  return (
    <Stack gap="4" as="fieldset" aria-describedby={disabled ? 'demo-controls-locked' : undefined}>
      <Text as="legend" fontWeight="semibold" fontSize="sm" color="gray.800" mb="1">
        Format and style
      </Text>
      <SelectField
        id="demo-format"
        label="Output format"
        value={value.imageFormat}
        options={IMAGE_FORMATS}
        optionLabel={formatLabel}
        onChange={(f) => set('imageFormat', f)}
        size="sm"
        disabled={disabled}
      />
      {colourFields.map((f) => (
        <ColourField
          key={f.key}
          id={f.id}
          label={f.label}
          value={value[f.key]}
          error={errors[f.key]}
          disabled={disabled}
          onChange={(v) => set(f.key, v)}
        />
      ))}
      <HStack gap="3" align="start">
        <SelectField
          id="demo-font-size"
          label="Font size"
          value={value.fontSize}
          options={DEMO_FONT_SIZES}
          optionLabel={(s) => `${s}px`}
          onChange={(s) => set('fontSize', s)}
          size="sm"
          disabled={disabled}
        />
        <Field.Root disabled={disabled} invalid={errors.cellPadding !== undefined}>
          <Field.Label htmlFor="demo-padding">Cell padding</Field.Label>
          <Input
            id="demo-padding"
            size="sm"
            type="number"
            min={DEMO_PADDING_MIN}
            max={DEMO_PADDING_MAX}
            step={1}
            value={Number.isFinite(value.cellPadding) ? value.cellPadding : ''}
            onChange={(e) => set('cellPadding', e.target.valueAsNumber)}
          />
          <Field.ErrorText>{errors.cellPadding}</Field.ErrorText>
        </Field.Root>
      </HStack>
      <Switch.Root
        checked={value.alternateRows}
        disabled={disabled}
        onCheckedChange={(d) => set('alternateRows', d.checked)}
        colorPalette="brand"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Alternate row colours</Switch.Label>
      </Switch.Root>
      {disabled && (
        <Text id="demo-controls-locked" fontSize="xs" color="gray.600">
          Go back to the editor (Create Another) to change the format or style.
        </Text>
      )}
    </Stack>
  );
}
