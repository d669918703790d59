import { Field, NativeSelect } from '@chakra-ui/react';

/** A labelled native select of a fixed list of options (strings or numbers); answers the option picked. */
export function SelectField<T extends string | number>({
  id,
  label,
  value,
  options,
  optionLabel = String,
  onChange,
  size,
  disabled,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  /**
   * The text of an option (the option itself when left out). Method syntax on purpose: a list of
   * fields mapped to SelectFields may each bring the label of their own options.
   */
  optionLabel?(option: NoInfer<T>): string;
  onChange: (value: T) => void;
  size?: 'sm' | 'md';
  disabled?: boolean;
}) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <NativeSelect.Root size={size} disabled={disabled}>
        <NativeSelect.Field
          id={id}
          value={String(value)}
          onChange={(e) => {
            const picked = options.find((o) => String(o) === e.currentTarget.value);
            if (picked !== undefined) onChange(picked);
          }}
        >
          {options.map((o) => (
            <option key={o} value={o}>
              {optionLabel(o)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** One select of a settings form: which setting it picks, and from what. */
export type Choice<S> = {
  [K in keyof S]: { key: K; id: string; label: string; options: readonly S[K][]; optionLabel?(option: S[K]): string };
}[keyof S];

/** A SelectField for each of `fields`, each showing and setting its own setting of `values`. */
export function SelectFields<S extends Record<keyof S, string | number>>({
  fields,
  values,
  set,
}: {
  fields: readonly Choice<S>[];
  values: S;
  set: <K extends keyof S>(key: K, value: S[K]) => void;
}) {
  return fields.map((f) => (
    <SelectField<S[keyof S]>
      key={String(f.key)}
      id={f.id}
      label={f.label}
      value={values[f.key]}
      options={f.options}
      optionLabel={f.optionLabel}
      onChange={(v) => set(f.key, v)}
    />
  ));
}
