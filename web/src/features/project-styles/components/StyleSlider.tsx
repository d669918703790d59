import { HStack, Slider, Text } from '@chakra-ui/react';

export function StyleSlider({
  label,
  value,
  min,
  max,
  step,
  unit = 'px',
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  unit?: string;
  onChange: (v: number) => void;
}) {
  return (
    <Slider.Root
      value={[value]}
      min={min}
      max={max}
      step={step}
      onValueChange={(e) => {
        const v = e.value[0];
        if (v !== undefined) onChange(v);
      }}
      colorPalette="brand"
      width="100%"
    >
      <HStack justify="space-between">
        <Slider.Label>{label}</Slider.Label>
        <Text fontSize="sm" color="fg.muted" aria-hidden="true">
          {value}
          {unit}
        </Text>
      </HStack>
      <Slider.Control>
        <Slider.Track>
          <Slider.Range />
        </Slider.Track>
        <Slider.Thumbs />
      </Slider.Control>
    </Slider.Root>
  );
}
