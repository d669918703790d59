import { Link as RRLink, Navigate, useSearchParams } from 'react-router-dom';
import { Box, Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useUser } from '../lib/auth';
import { PasswordLoginForm } from '../features/auth/components/PasswordLoginForm';
import { RegisterForm } from '../features/auth/components/RegisterForm';
import { MagicLinkForm } from '../components/MagicLinkForm';
import { ForgotPasswordForm } from '../features/auth/components/ForgotPasswordForm';
import { planOf } from '@jsonable/contracts/plans';
import { SELECTED_PLAN_KEY } from '../features/landing/selected-plan';
import { LightTabs } from '../components/LightTabs';

const TABS = ['login', 'magic', 'register'] as const;
type AuthTab = (typeof TABS)[number];
const asTab = (v: string | null): AuthTab => ((TABS as readonly string[]).includes(v ?? '') ? (v as AuthTab) : 'login');
/** tab=forgot: the login tab's "Forgot password?" form, in place of the tabs. */
const FORGOT = 'forgot';

function SelectedPlanNote() {
  const tier = typeof window === 'undefined' ? null : window.localStorage.getItem(SELECTED_PLAN_KEY);
  if (!tier) return null;
  const plan = planOf(tier);
  return (
    <Text
      fontSize="sm"
      color="gray.700"
      bg="brand.50"
      borderWidth="1px"
      borderColor="brand.100"
      rounded="md"
      px="3"
      py="2"
      mb="4"
    >
      You chose the <strong>{plan.name}</strong> plan. Create your account first;{' '}
      {plan.tier === 'free' ? 'you can upgrade at any time.' : 'you can subscribe from your dashboard.'}
    </Text>
  );
}

export default function AuthPage() {
  // The forms show at once (they are in the prerendered page); a signed-in visitor moves on to the
  // dashboard as soon as the session check answers.
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const tab = asTab(params.get('tab'));
  const forgot = params.get('tab') === FORGOT;

  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <Box bg="gray.50" flex="1" py={{ base: '8', md: '16' }}>
      <Container maxW="md" px="4">
        <Stack gap="2" textAlign="center" mb="6">
          <Heading as="h1" size="2xl">
            Welcome to Jsonable
          </Heading>
          <Text color="gray.600">Sign in to manage your projects, API keys and table images.</Text>
        </Stack>
        <Card.Root>
          <Card.Body>
            {forgot ? (
              <ForgotPasswordForm onBack={() => setParams({}, { replace: true })} />
            ) : (
              <LightTabs
                value={tab}
                onValueChange={(value) => setParams(value === 'login' ? {} : { tab: value }, { replace: true })}
                variant="enclosed"
                size={{ base: 'sm', sm: 'md' }}
                fitted
                listProps={{ mb: '6' }}
                tabs={[
                  { value: 'login', label: 'Password', content: <PasswordLoginForm /> },
                  { value: 'magic', label: 'Magic Link', content: <MagicLinkForm /> },
                  {
                    value: 'register',
                    label: 'Register',
                    content: (
                      <>
                        <SelectedPlanNote />
                        <RegisterForm />
                      </>
                    ),
                  },
                ]}
              />
            )}
          </Card.Body>
        </Card.Root>
        <Text fontSize="sm" color="gray.600" textAlign="center" mt="6">
          By continuing you agree to our{' '}
          <Link asChild color="brand.700" textDecoration="underline">
            <RRLink to="/terms">Terms of Service</RRLink>
          </Link>{' '}
          and{' '}
          <Link asChild color="brand.700" textDecoration="underline">
            <RRLink to="/privacy">Privacy Policy</RRLink>
          </Link>
          .
        </Text>
      </Container>
    </Box>
  );
}
