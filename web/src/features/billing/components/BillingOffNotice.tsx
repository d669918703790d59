import { Alert, Code, Text } from '@chakra-ui/react';

/** Said plainly wherever upgrades are offered when this installation takes no card payments. */
export function BillingOffNotice() {
  return (
    <Alert.Root status="info" data-testid="billing-off">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Card payments are not enabled on this installation</Alert.Title>
        <Alert.Description>
          <Text>Plans cannot be bought or changed here. An operator changes an account&apos;s plan on the server with:</Text>
          <Code display="block" mt="2" p="2" fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere">npm run cli -- set-plan &lt;email&gt; &lt;tier&gt;</Code>
          <Text mt="2" fontSize="sm">Tiers: free, basic, premium, business, enterprise. The new limits apply from the next table.</Text>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
