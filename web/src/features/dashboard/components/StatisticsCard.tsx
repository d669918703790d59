import { useState } from 'react';
import { Box, Button, ButtonGroup, Card, HStack, Progress, Skeleton, Stack, Text } from '@chakra-ui/react';
import { USAGE_PERIOD_DAYS } from '@jsonable/contracts/plans';
import type { UserStats } from '@jsonable/contracts/render-api';
import { formatDate } from '../../../lib/dates';
import { accountPlan, useStatistics, type Account } from '../../../lib/api/account';
import { fillDays } from '../lib/per-day';
import { RendersChart } from './RendersChart';
import { UsageHistoryPanel } from './UsageHistoryPanel';

/**
 * The 30 calendar days from the period's first day, so one busy day is one narrow bar, not the
 * whole chart, and the days still to come show as room left.
 */
function periodDays(stats: UserStats) {
  const first = new Date(stats.period.start);
  const last = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate() + USAGE_PERIOD_DAYS - 1),
  );
  return fillDays(stats.perDay, last, USAGE_PERIOD_DAYS);
}

export function StatisticsCard({ account, loading }: { account: Account | null; loading: boolean }) {
  const { statistics, error: statsError } = useStatistics();
  const [view, setView] = useState<'period' | 'year'>('period');
  const plan = accountPlan(account);
  const used = account?.usage_count ?? 0;
  // The server's limit wins (it knows the plan it counts against); the plan table is the fallback.
  const limit = account?.usage_limit !== undefined ? account.usage_limit : plan.tablesPerPeriod;
  const pct = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const atLimit = limit !== null && limit !== undefined && used >= limit;
  return (
    <Card.Root variant="outline" data-testid="statistics-card">
      <Card.Header pb="2">
        <Card.Title as="h2" fontSize="md">
          Usage this period
        </Card.Title>
      </Card.Header>
      <Card.Body gap="3">
        {loading ? (
          <Skeleton height="20" />
        ) : (
          <>
            <HStack justify="space-between" align="baseline" flexWrap="wrap">
              <Text fontSize="2xl" fontWeight="bold" data-testid="usage-figure">
                {used}{' '}
                <Text as="span" fontSize="md" fontWeight="normal" color="fg.muted">
                  / {limit ?? 'Unlimited'} tables
                </Text>
              </Text>
              {account?.usage_reset_date && (
                <Text fontSize="sm" color="fg.muted">
                  Resets {formatDate(account.usage_reset_date)}
                </Text>
              )}
            </HStack>
            {limit ? (
              <Progress.Root
                value={pct}
                max={100}
                size="sm"
                colorPalette={atLimit ? 'red' : pct >= 80 ? 'orange' : 'brand'}
                aria-label={`${used} of ${limit} tables used`}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : null}
            {atLimit && (
              <Text fontSize="sm" color="red.700">
                You have used this period&apos;s allowance. Upgrade for more tables.
              </Text>
            )}
            <Stack gap="1">
              <HStack justify="space-between" flexWrap="wrap" gap="2">
                <Text fontSize="sm" fontWeight="medium">
                  Renders per day
                </Text>
                <ButtonGroup size="2xs" variant="outline" attached role="group" aria-label="Usage window">
                  <Button
                    aria-pressed={view === 'period'}
                    variant={view === 'period' ? 'solid' : 'outline'}
                    onClick={() => setView('period')}
                    data-testid="usage-view-period"
                  >
                    This period
                  </Button>
                  <Button
                    aria-pressed={view === 'year'}
                    variant={view === 'year' ? 'solid' : 'outline'}
                    onClick={() => setView('year')}
                    data-testid="usage-view-year"
                  >
                    12 months
                  </Button>
                </ButtonGroup>
              </HStack>
              {view === 'year' ? (
                <UsageHistoryPanel />
              ) : statistics ? (
                <RendersChart days={periodDays(statistics)} />
              ) : statsError ? (
                <Text fontSize="sm" color="fg.muted">
                  Daily figures are not available right now.
                </Text>
              ) : (
                <Box>
                  <Skeleton height="20" />
                </Box>
              )}
            </Stack>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
