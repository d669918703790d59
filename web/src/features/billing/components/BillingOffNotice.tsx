import { Alert, Link, Text } from '@chakra-ui/react';
import { CONTACT_EMAIL } from '../../../components/layout/Footer';

/**
 * Said plainly wherever upgrades are offered when this installation takes no card payments.
 * Written for the customer: how an operator changes a plan by hand is in the README.
 */
export function BillingOffNotice() {
  return (
    <Alert.Root status="info" data-testid="billing-off">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Card payments are not enabled on this installation</Alert.Title>
        <Alert.Description>
          <Text>
            Plans cannot be bought or changed online here yet. To change your plan, write to{' '}
            <Link
              href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Change my Jsonable plan')}`}
              color="brand.700"
              textDecoration="underline"
            >
              {CONTACT_EMAIL}
            </Link>{' '}
            and we will switch it for you; the new limits apply from your next table.
          </Text>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
