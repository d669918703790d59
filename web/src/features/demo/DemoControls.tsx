import { Field, HStack, Input, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import { HEX_COLOUR } from '@jsonable/contracts/hex-colour';
import { FORMAT_LABELS, IMAGE_FORMATS, type ImageFormat } from '@jsonable/contracts/formats';
import { DEMO_PADDING_MAX, DEMO_PADDING_MIN, demoControlErrors, type DemoStyleControls } from './demo-payload';

export const formatLabel = (f: ImageFormat) => FORMAT_LABELS[f];

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
      <Field.Root disabled={disabled}>
        <Field.Label htmlFor="demo-format">Output format</Field.Label>
        <NativeSelect.Root size="sm" disabled={disabled}>
          <NativeSelect.Field
            id="demo-format"
            value={value.imageFormat}
            onChange={(e) => set('imageFormat', e.target.value as ImageFormat)}
          >
            {IMAGE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <ColourField
        id="demo-header-bg"
        label="Header colour"
        value={value.headerBg}
        error={errors.headerBg}
        disabled={disabled}
        onChange={(v) => set('headerBg', v)}
      />
      <ColourField
        id="demo-header-text"
        label="Header text"
        value={value.headerText}
        error={errors.headerText}
        disabled={disabled}
        onChange={(v) => set('headerText', v)}
      />
      <HStack gap="3" align="start">
        <Field.Root disabled={disabled}>
          <Field.Label htmlFor="demo-font-size">Font size</Field.Label>
          <NativeSelect.Root size="sm" disabled={disabled}>
            <NativeSelect.Field
              id="demo-font-size"
              value={String(value.fontSize)}
              onChange={(e) => set('fontSize', Number(e.target.value))}
            >
              {[12, 14, 16, 18].map((s) => (
                <option key={s} value={s}>
                  {s}px
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
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
