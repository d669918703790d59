import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { purchasablePlanSchema } from '@jsonable/contracts/billing';
import { plans, type Plan, type PlanTier } from '@jsonable/contracts/plans';
import { CONTACT_EMAIL } from '../../../components/layout/Footer';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { accountPlan, useAccount } from '../../../lib/api/account';
import { startCheckout, useBillingStatus } from '../../../lib/api/billing';
import { BillingOffNotice } from './BillingOffNotice';
import { BackToDashboard } from '../../../components/BackToDashboard';

const offered: PlanTier[] = ['premium', 'business', 'enterprise'];

export function SubscribePage() {
  const { account } = useAccount();
  const { status, enabled, isLoading, error } = useBillingStatus();
  const [pending, setPending] = useState<PlanTier | null>(null);
  const current = accountPlan(account);
  const billingOn = enabled === true && !error;

  // The server says which plans Checkout can sell here (billing on and a price configured).
  const available = (tier: PlanTier) => status?.plans.find((p) => p.tier === tier)?.available ?? false;

  async function choose(plan: Plan) {
    const tier = purchasablePlanSchema.safeParse(plan.tier);
    if (!tier.success) return;
    setPending(plan.tier);
    try {
      window.location.assign(await startCheckout(tier.data));
    } catch (err) {
      setPending(null);
      toast.error('Error', messageOf(err, 'Checkout could not be started. Please try again.'));
    }
  }

  return (
    <Container maxW="6xl" py={{ base: 5, md: 8 }} px={{ base: 4, md: 6 }}>
      <Stack gap="6">
        <BackToDashboard alignSelf="start" />
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Upgrade your plan
          </Heading>
          <Text color="fg.muted">
            You are on <strong data-testid="current-plan">{current.name}</strong>
            {current.tablesPerPeriod !== null && ` — ${current.tablesPerPeriod} tables per 30 days`}
            {current.projects !== null && `, ${current.projects} ${current.projects === 1 ? 'project' : 'projects'}`}.
            Unused tables do not roll over.
          </Text>
        </Stack>
        {isLoading ? <Skeleton height="16" /> : !billingOn && <BillingOffNotice />}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {offered.map((tier) => {
            const plan = plans[tier];
            const isCurrent = plan.tier === current.tier;
            return (
              <Card.Root
                key={tier}
                variant="outline"
                borderColor={tier === 'premium' ? 'brand.300' : undefined}
                data-testid={`plan-${tier}`}
              >
                <Card.Header>
                  <Stack gap="1">
                    <Heading as="h2" size="md">
                      {plan.name}{' '}
                      {isCurrent && (
                        <Badge colorPalette="green" ms="1">
                          Current
                        </Badge>
                      )}
                    </Heading>
                    <Text fontSize="2xl" fontWeight="bold">
                      {plan.priceLabel}
                    </Text>
                  </Stack>
                </Card.Header>
                <Card.Body>
                  <List.Root ps="4" gap="1" fontSize="sm">
                    {plan.features.map((f) => (
                      <List.Item key={f}>{f}</List.Item>
                    ))}
                  </List.Root>
                </Card.Body>
                <Card.Footer>
                  {plan.purchasable ? (
                    <Button
                      colorPalette="brand"
                      w="100%"
                      disabled={!billingOn || !available(tier) || isCurrent || pending !== null}
                      loading={pending === tier}
                      loadingText="Opening checkout..."
                      onClick={() => choose(plan)}
                    >
                      {isCurrent ? 'Your plan' : `Choose ${plan.name}`}
                    </Button>
                  ) : (
                    <Button asChild variant="outline" w="100%">
                      <a href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Jsonable Enterprise')}`}>
                        Contact sales
                      </a>
                    </Button>
                  )}
                </Card.Footer>
              </Card.Root>
            );
          })}
        </SimpleGrid>
        {billingOn && (
          <Box fontSize="sm" color="fg.muted">
            Payments are handled by our card payment provider; you can cancel or change plans any time from Manage
            Subscription.
          </Box>
        )}
      </Stack>
    </Container>
  );
}
