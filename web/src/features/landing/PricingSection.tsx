import { useNavigate } from 'react-router-dom';
import { Badge, Box, Button, Container, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { pricingCards, type Plan } from '@jsonable/contracts/plans';
import { useHydrated } from '../../lib/hydrated';
import { storeSelectedPlan } from './selected-plan';

function PlanCard({ plan, featured, onChoose }: { plan: Plan; featured: boolean; onChoose: () => void }) {
  const hydrated = useHydrated();
  const cta =
    plan.tier === 'free' ? 'Start Free' : plan.tier === 'enterprise' ? 'Contact Sales' : `Choose ${plan.name}`;
  // Enterprise has no list price: "Custom pricing" (the button says Contact Sales; "Custom contact
  // sales" wrapped onto two lines and read oddly).
  const [amount, per] =
    plan.priceMonthlyUsd !== null
      ? [`$${plan.priceMonthlyUsd}`, plan.priceMonthlyUsd === 0 ? 'forever' : 'per month']
      : ['Custom', 'pricing'];
  return (
    <Stack
      as="article"
      aria-labelledby={`plan-${plan.tier}`}
      gap="5"
      p="6"
      bg="white"
      rounded="xl"
      borderWidth={featured ? '2px' : '1px'}
      borderColor={featured ? 'brand.700' : 'gray.200'}
      shadow={featured ? 'lg' : 'xs'}
      position="relative"
    >
      {featured && (
        <Badge position="absolute" top="-3" left="6" colorPalette="brand" variant="solid">
          Most popular
        </Badge>
      )}
      <Stack gap="1">
        <Heading as="h3" id={`plan-${plan.tier}`} size="lg">
          {plan.name}
        </Heading>
        <Text>
          <Box as="span" fontSize="3xl" fontWeight="bold">
            {amount}
          </Box>{' '}
          <Box as="span" color="gray.600" fontSize="sm">
            {per}
          </Box>
        </Text>
      </Stack>
      <List.Root gap="2" variant="plain" flex="1">
        {plan.features.map((f) => (
          <List.Item key={f} fontSize="sm" color="gray.700" alignItems="flex-start">
            <Box as="span" color="green.600" me="2" aria-hidden="true">
              ✓
            </Box>
            {f}
          </List.Item>
        ))}
      </List.Root>
      <Button
        colorPalette="brand"
        variant={featured ? 'solid' : 'outline'}
        onClick={onChoose}
        disabled={!hydrated}
        aria-label={`${cta} — ${plan.name} plan`}
      >
        {cta}
      </Button>
    </Stack>
  );
}

export function PricingSection() {
  const navigate = useNavigate();
  function choose(plan: Plan) {
    storeSelectedPlan(plan.tier);
    navigate('/auth?tab=register');
  }
  return (
    <Box as="section" id="pricing" aria-labelledby="pricing-title" bg="gray.50" py={{ base: '12', md: '16' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Stack gap="2" textAlign="center" mb="10">
          <Heading as="h2" id="pricing-title" size="3xl">
            Simple pricing
          </Heading>
          <Text color="gray.600" maxW="2xl" mx="auto">
            Start free. Usage resets every 30 days from the day you sign up; unused tables do not roll over. Pay by
            card, cancel any time.
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
          {pricingCards.map((p) => (
            <PlanCard key={p.tier} plan={p} featured={p.tier === 'premium'} onChoose={() => choose(p)} />
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
