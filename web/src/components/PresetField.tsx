/** A channel preset picker (options.preset) that says what the chosen preset sets. */
import { Field, NativeSelect } from '@chakra-ui/react';
import { PRESET_LABELS, PRESET_NAMES, isPresetName, presetSummary, type PresetName } from '../lib/channel-presets';

export function PresetField({
  id,
  value,
  onChange,
  idle = 'Sets the width, scale, format and margin that suit where the image goes.',
}: {
  id: string;
  /** '' for no preset. */
  value: PresetName | '';
  onChange: (preset: PresetName | '') => void;
  /** The helper text while no preset is chosen. */
  idle?: string;
}) {
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>Channel preset</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          id={id}
          value={value}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onChange(isPresetName(v) ? v : '');
          }}
        >
          <option value="">None: your settings decide</option>
          {PRESET_NAMES.map((name) => (
            <option key={name} value={name}>
              {PRESET_LABELS[name]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText data-testid={`${id}-summary`}>
        {value ? `Sets ${presetSummary(value)}.` : idle}
      </Field.HelperText>
    </Field.Root>
  );
}
