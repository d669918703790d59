import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  HStack,
  RadioGroup,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError, messageOf } from '../../../lib/api-client';
import {
  apiFieldError,
  formatErrors,
  formatsFromSaved,
  formatsPayload,
  spannerErrors,
  spannersFromSaved,
  spannersPayload,
  type FieldErrors,
  type FormatDraft,
  type SpannerDraft,
} from '../../../lib/table-features';
import { toast } from '../../../lib/toaster';
import { ConditionalFormatsEditor } from '../../../components/table-features/ConditionalFormatsEditor';
import { SpannersEditor } from '../../../components/table-features/SpannersEditor';
import { saveProjectStyles, useProjectsWithStyles } from '../../../lib/api/projects';
import { ColourField } from '../../../components/ColourField';
import { SelectField, SelectFields, type Choice } from '../../../components/SelectField';
import { HEX_COLOUR } from '../../../lib/table-settings';
import {
  PADDING,
  WIDTH,
  editorBorderStyles,
  editorDefaults,
  editorFontSizes,
  editorFonts,
  editorFormats,
  fromSaved,
  toSaved,
  type EditorStyles,
} from '../lib/style-state';
import { MIN_TEXT_CONTRAST, contrastRatio } from '../lib/contrast';
import { LivePreviewTable, previewColumns } from './LivePreviewTable';
import { StyleSlider } from './StyleSlider';
import { BackToDashboard } from '../../../components/BackToDashboard';

const colourFields = [
  { key: 'headerBg', label: 'Header background' },
  { key: 'headerText', label: 'Header text' },
  { key: 'rowEvenBg', label: 'Even rows' },
  { key: 'rowOddBg', label: 'Odd rows' },
  { key: 'borderColor', label: 'Borders' },
] as const;

const formatLabels: Record<EditorStyles['imageFormat'], string> = {
  png: 'PNG — sharp, lossless, best for most uses',
  jpeg: 'JPEG — small files, read everywhere',
  webp: 'WebP — smaller than PNG and JPEG, every current browser',
  avif: 'AVIF — smallest files, newer browsers and apps',
  svg: 'SVG — vector, scales to any size',
  pdf: 'PDF — for reports and printing',
};

const typographyFields: readonly Choice<EditorStyles>[] = [
  { key: 'fontFamily', id: 'style-font', label: 'Font family', options: editorFonts },
  {
    key: 'fontSize',
    id: 'style-size',
    label: 'Font size',
    options: editorFontSizes,
    optionLabel: (s) => `${s}px`,
  },
];

/** One card of the editor: its title (an h2), an optional description, and its fields. */
function StyleCard({
  title,
  titleId,
  description,
  gap,
  children,
}: {
  title: string;
  /** For a group the title labels (aria-labelledby). */
  titleId?: string;
  description?: string;
  gap?: string;
  children: ReactNode;
}) {
  return (
    <Card.Root variant="outline">
      <Card.Header pb="0">
        <Card.Title as="h2" fontSize="md" id={titleId}>
          {title}
        </Card.Title>
        {description && <Card.Description>{description}</Card.Description>}
      </Card.Header>
      <Card.Body gap={gap}>{children}</Card.Body>
    </Card.Root>
  );
}

export function ProjectStylesPage() {
  const { id = '' } = useParams();
  const { projects, loaded, error } = useProjectsWithStyles();
  const project = projects.find((p) => p.id === id) ?? null;
  const [styles, setStyles] = useState<EditorStyles>(editorDefaults);
  const [formats, setFormatsState] = useState<FormatDraft[]>([]);
  const [spanners, setSpannersState] = useState<SpannerDraft[]>([]);
  /** What the last Save Styles answered with a 400, under the field it names (cleared by the next edit). */
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  // SPEC §4: the local state starts again from defaults + saved styles whenever the project loads.
  useEffect(() => {
    if (!project) return;
    setStyles(fromSaved(project.defaultStyles));
    setFormatsState(formatsFromSaved(project.defaultStyles.conditionalFormats));
    setSpannersState(spannersFromSaved(project.defaultStyles.spanners));
    setServerErrors({});
  }, [project]);

  const setFormats = (next: FormatDraft[]) => {
    setFormatsState(next);
    setServerErrors({});
  };
  const setSpanners = (next: SpannerDraft[]) => {
    setSpannersState(next);
    setServerErrors({});
  };
  const localErrors = { ...formatErrors(formats), ...spannerErrors(spanners) };
  // What both list editors are given: the errors under their fields, the preview's columns to suggest.
  const editorProps = { errors: { ...localErrors, ...serverErrors }, columns: previewColumns };
  const invalidLists = Object.keys(localErrors).length > 0;

  const set = <K extends keyof EditorStyles>(key: K, value: EditorStyles[K]) =>
    setStyles((s) => ({ ...s, [key]: value }));
  const invalidColour = colourFields.some((f) => !HEX_COLOUR.test(styles[f.key]));
  // #rgb counts as much as #rrggbb: '#ff0' on white warns like '#ffff00' does.
  const headerContrast =
    HEX_COLOUR.test(styles.headerBg) && HEX_COLOUR.test(styles.headerText)
      ? contrastRatio(styles.headerBg, styles.headerText)
      : null;

  async function save() {
    if (!project) return;
    setSaving(true);
    try {
      await saveProjectStyles(
        project.id,
        toSaved(project.defaultStyles, styles, {
          conditionalFormats: formatsPayload(formats),
          spanners: spannersPayload(spanners),
        }),
      );
      toast.success('Styles saved!', 'Project default styles have been updated successfully.');
    } catch (err) {
      const message = messageOf(err, 'Failed to save styles');
      const field = err instanceof ApiError && err.status === 400 ? apiFieldError(message) : null;
      if (field) setServerErrors({ [field.key]: field.message });
      toast.error('Error saving styles', message);
    } finally {
      setSaving(false);
    }
  }

  const back = <BackToDashboard />;

  if (error) {
    return (
      <Container maxW="6xl" py="8" px={{ base: 4, md: 6 }}>
        <Stack gap="4">
          {back}
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{messageOf(error, 'Projects could not be loaded.')}</Alert.Description>
          </Alert.Root>
        </Stack>
      </Container>
    );
  }
  if (!loaded) {
    return (
      <Container maxW="6xl" py="8" px={{ base: 4, md: 6 }}>
        <Stack gap="4">
          {back}
          <Skeleton height="10" w="60%" />
          <Skeleton height="80" />
        </Stack>
      </Container>
    );
  }
  if (!project) {
    return (
      <Container maxW="3xl" py="16" px={{ base: 4, md: 6 }}>
        <Stack gap="4" align="start">
          {back}
          <Heading as="h1" size="2xl">
            Project Not Found
          </Heading>
          <Text color="fg.muted">This project does not exist, or you do not have permission to change its styles.</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/dashboard">Go to your projects</RouterLink>
          </Button>
        </Stack>
      </Container>
    );
  }

  return (
    <Container maxW="7xl" py={{ base: 5, md: 8 }} px={{ base: 4, md: 6 }}>
      <Stack gap="6">
        {back}
        <Flex
          justify="space-between"
          align={{ base: 'start', md: 'center' }}
          gap="4"
          direction={{ base: 'column', md: 'row' }}
        >
          <Stack gap="1" minW="0">
            <Heading as="h1" size="2xl">
              Project Styles
            </Heading>
            <Text color="fg.muted" truncate>
              Default table style for <strong>{project.name}</strong>
            </Text>
          </Stack>
          <HStack gap="2" flexWrap="wrap">
            <Button
              variant="outline"
              onClick={() => {
                setStyles(editorDefaults);
                setFormats([]);
                setSpanners([]);
              }}
              disabled={saving}
            >
              Reset to Defaults
            </Button>
            <Button
              colorPalette="brand"
              onClick={save}
              loading={saving}
              loadingText="Saving..."
              disabled={invalidColour || invalidLists}
            >
              Save Styles
            </Button>
          </HStack>
        </Flex>

        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
          <Stack gap="4" minW="0">
            <StyleCard title="Colors">
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                {colourFields.map((f) => (
                  <ColourField
                    key={f.key}
                    id={`style-${f.key}`}
                    label={f.label}
                    value={styles[f.key]}
                    onChange={(v) => set(f.key, v)}
                  />
                ))}
              </SimpleGrid>
              {headerContrast !== null && headerContrast < MIN_TEXT_CONTRAST && (
                <Text fontSize="sm" color="orange.800" mt="3" role="status" data-testid="contrast-warning">
                  Header text on this background is hard to read (contrast {headerContrast.toFixed(1)}:1; aim for at
                  least 4.5:1).
                </Text>
              )}
            </StyleCard>

            <StyleCard title="Typography">
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <SelectFields fields={typographyFields} values={styles} set={set} />
              </SimpleGrid>
            </StyleCard>

            <StyleCard title="Layout" gap="5">
              <StyleSlider
                label="Cell padding"
                value={styles.cellPadding}
                {...PADDING}
                onChange={(v) => set('cellPadding', v)}
              />
              <StyleSlider
                label="Default width"
                value={styles.defaultWidth}
                {...WIDTH}
                onChange={(v) => set('defaultWidth', v)}
              />
              <SelectField
                id="style-border"
                label="Border style"
                value={styles.borderStyle}
                options={editorBorderStyles}
                onChange={(v) => set('borderStyle', v)}
              />
            </StyleCard>

            <StyleCard
              title="Conditional Formats"
              description="Applied in order, later ones over earlier ones, to every column they name. A table without those columns is drawn without them."
            >
              <ConditionalFormatsEditor
                idPrefix="style-format"
                formats={formats}
                onChange={setFormats}
                {...editorProps}
              />
            </StyleCard>

            <StyleCard
              title="Column Spanners"
              description="Shared headers above adjacent columns. A spanner can hold spanners; it is drawn one band above them."
            >
              <SpannersEditor idPrefix="style-spanner" spanners={spanners} onChange={setSpanners} {...editorProps} />
            </StyleCard>

            <StyleCard title="Default Output Format" titleId="format-label">
              <RadioGroup.Root
                value={styles.imageFormat}
                onValueChange={(e) => {
                  if (e.value) set('imageFormat', e.value as EditorStyles['imageFormat']);
                }}
                aria-labelledby="format-label"
                colorPalette="brand"
              >
                <Stack gap="2">
                  {editorFormats.map((f) => (
                    <RadioGroup.Item key={f} value={f}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{formatLabels[f]}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            </StyleCard>
          </Stack>

          <Stack gap="4" minW="0" position={{ lg: 'sticky' }} top={{ lg: '20' }}>
            <Heading as="h2" size="md">
              Live Preview
            </Heading>
            <LivePreviewTable styles={styles} formats={formats} spanners={spanners} />
            <Box borderWidth="1px" borderRadius="md" p="4" bg="brand.50">
              <Heading as="h3" size="sm" mb="2">
                How It Works
              </Heading>
              <Text fontSize="sm">
                Saved styles become this project&apos;s defaults. Every table made through the project — its endpoint,
                Create New Image, or Add Example Image — uses them, unless the request sets its own styles: request
                styles come first, then these project defaults, then the system defaults. Changes here stay local until
                you Save Styles.
              </Text>
            </Box>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
