/**
 * Column spanners (issue #24): a label over adjacent columns; a spanner may hold spanners, and
 * then sits one header band above them. Items move with Move up / Move down buttons.
 */
import { Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { MAX_SPANNER_DEPTH } from '@jsonable/contracts/table-features';
import { newSpanner, type FieldErrors, type SpannerDraft } from '../../lib/table-features';
import { ColumnSuggestions, ListItem, TextField } from './fields';

export function SpannersEditor({
  idPrefix,
  spanners,
  onChange,
  errors,
  columns,
}: {
  idPrefix: string;
  spanners: SpannerDraft[];
  onChange: (next: SpannerDraft[]) => void;
  errors: FieldErrors;
  columns: readonly string[];
}) {
  const listId = `${idPrefix}-columns`;
  return (
    <Stack gap="3" data-testid={`${idPrefix}-spanners`}>
      <ColumnSuggestions id={listId} columns={columns} />
      {spanners.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          No spanners. Add one to group columns under a shared header.
        </Text>
      )}
      <SpannerList
        list={spanners}
        onChange={onChange}
        errors={errors}
        path="spanners"
        idPath={idPrefix}
        depth={1}
        listId={listId}
      />
      <Box>
        <Button size="sm" variant="outline" onClick={() => onChange([...spanners, newSpanner()])}>
          + Spanner
        </Button>
      </Box>
    </Stack>
  );
}

function SpannerList({
  list,
  onChange,
  errors,
  path,
  idPath,
  depth,
  listId,
}: {
  list: SpannerDraft[];
  onChange: (next: SpannerDraft[]) => void;
  errors: FieldErrors;
  path: string;
  idPath: string;
  depth: number;
  listId: string;
}) {
  const update = (i: number, patch: Partial<SpannerDraft>) =>
    onChange(list.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  return (
    <>
      {list.map((s, i) => {
        const at = `${path}.${i}`;
        const id = `${idPath}-${i}`;
        const title = s.label.trim() ? `spanner “${s.label.trim()}”` : `spanner ${i + 1}`;
        return (
          <ListItem
            key={s.key}
            list={list}
            index={i}
            onChange={onChange}
            label={`Spanner ${s.label.trim() || i + 1}`}
            name={title}
            heading={
              <Heading as={depth === 1 ? 'h3' : 'h4'} size="xs">
                {depth > 1 ? 'Inside: ' : ''}
                {s.label.trim() || `Spanner ${i + 1}`}
              </Heading>
            }
            bg={depth % 2 === 1 ? 'gray.50' : 'white'}
            testId="spanner-item"
          >
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <TextField
                id={`${id}-label`}
                label="Label"
                value={s.label}
                placeholder="Q1"
                maxLength={500}
                error={errors[`${at}.label`]}
                onChange={(label) => update(i, { label })}
              />
              <TextField
                id={`${id}-columns`}
                label="Columns"
                value={s.columns}
                list={listId}
                placeholder="Jan, Feb, Mar"
                help="Adjacent columns, separated by commas"
                error={errors[`${at}.columns`]}
                onChange={(columns) => update(i, { columns })}
              />
            </SimpleGrid>
            {s.children.length > 0 && (
              <Stack gap="2" mt="3" pl={{ base: 2, sm: 4 }} borderLeftWidth="2px" borderColor="gray.300">
                <SpannerList
                  list={s.children}
                  onChange={(children) => update(i, { children })}
                  errors={errors}
                  path={`${at}.spanners`}
                  idPath={id}
                  depth={depth + 1}
                  listId={listId}
                />
              </Stack>
            )}
            {depth < MAX_SPANNER_DEPTH && (
              <Button
                size="xs"
                variant="ghost"
                mt="2"
                onClick={() => update(i, { children: [...s.children, newSpanner()] })}
              >
                + Spanner inside {s.label.trim() || `spanner ${i + 1}`}
              </Button>
            )}
          </ListItem>
        );
      })}
    </>
  );
}
