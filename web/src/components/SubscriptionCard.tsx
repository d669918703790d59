import { Badge, Button, Card, HStack, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { accountPlan, type Account } from '../lib/api/account';

/** SPEC §4: free and basic (and unknown tiers) see Upgrade → /subscribe; paid tiers manage their subscription. */
export function isUpgradeTier(tier: string | null | undefined): boolean {
  return tier !== 'premium' && tier !== 'business' && tier !== 'enterprise';
}

export function SubscriptionCard({ account, loading }: { account: Account | null; loading: boolean }) {
  const plan = accountPlan(account);
  const upgrade = isUpgradeTier(account?.current_plan_tier);
  return (
    <Card.Root variant="outline" data-testid="subscription-card">
      <Card.Header pb="2">
        <Card.Title as="h2" fontSize="md">
          Subscription
        </Card.Title>
      </Card.Header>
      <Card.Body gap="3">
        {loading ? (
          <Skeleton height="20" />
        ) : (
          <>
            <HStack gap="2" flexWrap="wrap">
              <Text fontSize="2xl" fontWeight="bold" data-testid="plan-name">
                {plan.name}
              </Text>
              {/* Starter has no price to show: its label is its name, said once already. */}
              {plan.priceLabel !== plan.name && (
                <Badge colorPalette={upgrade ? 'gray' : 'green'}>{plan.priceLabel}</Badge>
              )}
            </HStack>
            <List.Root fontSize="sm" color="fg.muted" ps="4" gap="0.5">
              {plan.features.slice(0, 3).map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List.Root>
            <Stack direction="row" pt="1">
              {upgrade ? (
                <Button asChild colorPalette="brand" size="sm">
                  <RouterLink to="/subscribe">Upgrade</RouterLink>
                </Button>
              ) : (
                <Button asChild variant="outline" size="sm">
                  <RouterLink to="/manage-subscription">Manage Subscription</RouterLink>
                </Button>
              )}
            </Stack>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
