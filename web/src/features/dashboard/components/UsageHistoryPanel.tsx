import { useState } from 'react';
import { Box, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { messageOf } from '../../../lib/api-client';
import { USAGE_NO_PROJECT, useUsageHistory, type UsageHistory } from '../api/usage-history';
import { RendersChart } from './RendersChart';

const number = (n: number) => n.toLocaleString('en-US');

/** The projects to pick from: those with renders in the window (the answer of the whole account). */
function projectChoices(history: UsageHistory | null) {
  return (history?.byProject ?? []).filter((p) => p.projectId !== null && p.name !== 'Deleted project');
}

/**
 * The last 12 months per day, for the whole account or one project, and the year's renders per
 * project: read from the server's usage read model, never from the images.
 */
export function UsageHistoryPanel() {
  const [project, setProject] = useState('');
  const all = useUsageHistory('', true);
  const selected = useUsageHistory(project, project !== '');
  const shown = project === '' ? all : selected;
  const history = shown.history;
  const error = shown.error;
  const choices = projectChoices(all.history);
  const hasLoose = (all.history?.byProject ?? []).some((p) => p.projectId === null);
  return (
    <Stack gap="2" data-testid="usage-history">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontSize="sm" color="fg.muted" data-testid="usage-history-total">
          {history
            ? `${number(history.total)} ${history.total === 1 ? 'table' : 'tables'} in the last 12 months`
            : '\u00a0'}
        </Text>
        <NativeSelect.Root size="xs" width="auto">
          <NativeSelect.Field
            aria-label="Project"
            value={project}
            onChange={(e) => setProject(e.currentTarget.value)}
            data-testid="usage-history-project"
          >
            <option value="">All projects</option>
            {choices.map((p) => (
              <option key={p.projectId} value={p.projectId!}>
                {p.name}
              </option>
            ))}
            {hasLoose && <option value={USAGE_NO_PROJECT}>No project</option>}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {error && !history ? (
        <Text fontSize="sm" color="fg.muted">
          {messageOf(error, 'The last 12 months are not available right now.')}
        </Text>
      ) : history ? (
        <Box opacity={shown.isLoading ? 0.6 : 1}>
          <RendersChart days={history.days} span="the last 12 months" />
        </Box>
      ) : (
        <Skeleton height="20" />
      )}
      {all.history && all.history.byProject.length > 0 && (
        <Text fontSize="sm" fontWeight="medium" pt="1">
          Per project, last 12 months
        </Text>
      )}
      {all.history && all.history.byProject.length > 0 && (
        <Stack gap="1" as="ul" listStyleType="none" m="0" maxH="40" overflowY="auto" data-testid="usage-by-project">
          {all.history.byProject.map((p) => (
            <HStack as="li" key={p.projectId ?? '-'} justify="space-between" fontSize="sm">
              <Text truncate color={p.projectId === null || p.name === 'Deleted project' ? 'fg.muted' : undefined}>
                {p.name}
              </Text>
              <Text fontVariantNumeric="tabular-nums">{number(p.count)}</Text>
            </HStack>
          ))}
          {all.history.otherProjects.projects > 0 && (
            <HStack as="li" justify="space-between" fontSize="sm" color="fg.muted">
              <Text>{number(all.history.otherProjects.projects)} more projects</Text>
              <Text fontVariantNumeric="tabular-nums">{number(all.history.otherProjects.count)}</Text>
            </HStack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
