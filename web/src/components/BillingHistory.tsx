import { Alert, Box, Heading, Skeleton, Table, Text } from '@chakra-ui/react';
import { planOf } from '@jsonable/contracts/plans';
import { formatDate } from '../lib/dates';
import { formatAmount, useBillingHistory } from '../lib/api/billing';

/** Readable names for the billing read model's event types. */
const eventNames: Record<string, string> = {
  CheckoutCompleted: 'Subscription started',
  SubscriptionChanged: 'Subscription changed',
  SubscriptionCanceled: 'Subscription canceled',
  InvoicePaid: 'Invoice paid',
  InvoicePaymentFailed: 'Payment failed',
  PlanChanged: 'Plan changed',
};

export function BillingHistory() {
  const { entries, loaded, error } = useBillingHistory();
  return (
    <Box data-testid="billing-history">
      <Heading as="h2" size="md" mb="3">
        Billing History
      </Heading>
      {error ? (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Description>Billing history is not available right now.</Alert.Description>
        </Alert.Root>
      ) : !loaded ? (
        <Skeleton height="16" />
      ) : entries.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No billing events yet. Plan changes and payments will be listed here.
        </Text>
      ) : (
        // On a narrow screen the table scrolls sideways: the region takes focus so the keyboard can scroll it.
        <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="Billing history">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>Event</Table.ColumnHeader>
                <Table.ColumnHeader>Plan</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.map((e, i) => (
                <Table.Row key={`${e.date}-${e.event}-${i}`}>
                  <Table.Cell whiteSpace="nowrap">{formatDate(e.date)}</Table.Cell>
                  <Table.Cell>{eventNames[e.event] ?? e.event}</Table.Cell>
                  <Table.Cell>{e.plan ? planOf(e.plan).name : '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{formatAmount(e.amount, e.currency)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}
