import { useState } from 'react';
import { Button, Card, Container, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { messageOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { toast } from '../../../lib/toaster';
import { accountPlan, useAccount } from '../../../lib/api/account';
import { isUpgradeTier } from '../../../components/SubscriptionCard';
import { openPortal, useBillingStatus } from '../../../lib/api/billing';
import { BillingHistory } from '../../../components/BillingHistory';
import { BillingOffNotice } from './BillingOffNotice';
import { BackToDashboard } from '../../../components/BackToDashboard';

export function ManageSubscriptionPage() {
  const { account, isLoading: accountLoading } = useAccount();
  const { enabled, isLoading, error } = useBillingStatus();
  const [opening, setOpening] = useState(false);
  const plan = accountPlan(account);
  const billingOn = enabled === true && !error;
  const hasCustomer = Boolean(account?.stripe_customer_id || account?.stripe_subscription_id);

  async function portal() {
    setOpening(true);
    try {
      window.location.assign(await openPortal());
    } catch (err) {
      setOpening(false);
      toast.error('Error', messageOf(err, 'The billing portal could not be opened. Please try again.'));
    }
  }

  return (
    <Container maxW="4xl" py={{ base: 5, md: 8 }} px={{ base: 4, md: 6 }}>
      <Stack gap="6">
        <BackToDashboard alignSelf="start" />
        <Heading as="h1" size="2xl">
          Manage Subscription
        </Heading>
        <Card.Root variant="outline">
          <Card.Body gap="3">
            {accountLoading ? (
              <Skeleton height="12" />
            ) : (
              <>
                <Text>
                  Current plan: <strong data-testid="current-plan">{plan.name}</strong>
                  {plan.priceLabel !== plan.name && ` (${plan.priceLabel})`}
                </Text>
                {account?.usage_reset_date && (
                  <Text fontSize="sm" color="fg.muted">
                    Usage resets {formatDate(account.usage_reset_date)}.
                  </Text>
                )}
              </>
            )}
            {isLoading ? (
              <Skeleton height="10" />
            ) : !billingOn ? (
              <BillingOffNotice />
            ) : hasCustomer ? (
              <Stack gap="2" align="start">
                <Text fontSize="sm">
                  Change plan, update your card, download invoices or cancel in the billing portal.
                </Text>
                <Button colorPalette="brand" onClick={portal} loading={opening} loadingText="Opening portal...">
                  Open Billing Portal
                </Button>
              </Stack>
            ) : (
              <Stack gap="2" align="start">
                <Text fontSize="sm">
                  {isUpgradeTier(account?.current_plan_tier)
                    ? `You are on ${plan.name}: there is no card subscription to manage. Choose a plan to upgrade.`
                    : 'Your plan was set by an operator, not bought by card, so there is no card subscription to manage. Contact us to change it, or choose a plan to pay by card.'}
                </Text>
                <Button asChild variant="outline">
                  <RouterLink to="/subscribe">See plans</RouterLink>
                </Button>
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
        <BillingHistory />
      </Stack>
    </Container>
  );
}
