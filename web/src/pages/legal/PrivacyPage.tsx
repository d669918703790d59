import { Heading, Text } from '@chakra-ui/react';
import { LegalLayout } from './LegalLayout';

export default function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy">
      <Text>
        This policy explains what Jsonable collects, why, and what you can do about it. We collect as little as we need
        to render and host your tables.
      </Text>

      <Heading as="h2" size="lg">
        What we collect
      </Heading>
      <ul>
        <li>
          <strong>Account details:</strong> your e-mail address, optional first and last name, and a salted hash of your
          password (never the password itself).
        </li>
        <li>
          <strong>Table data:</strong> the JSON you send and the images we make from it.
        </li>
        <li>
          <strong>Usage records:</strong> when you generated each table, its size and format, and which project it
          belongs to — needed to count usage against your plan.
        </li>
        <li>
          <strong>Technical data:</strong> IP addresses and request logs kept for security and rate limiting.
        </li>
      </ul>

      <Heading as="h2" size="lg">
        How long we keep it
      </Heading>
      <Text>
        JSON data is retained for 30 days after each request and then deleted. Generated images stay online at their
        public URL until you delete them or close your account. Usage counters reset every 30 days from the date you
        signed up; the usage and billing history behind them is kept for accounting.
      </Text>

      <Heading as="h2" size="lg">
        Who processes it for us
      </Heading>
      <ul>
        <li>
          <strong>Payments</strong> go through a card payment provider. It receives your card details directly; we
          receive only a customer reference and the status of your subscription.
        </li>
        <li>
          <strong>E-mail</strong> — sign-in links and account messages — is sent through an e-mail delivery provider,
          which receives your address and the message.
        </li>
      </ul>
      <Text>We do not sell your data and we do not use it for advertising.</Text>

      <Heading as="h2" size="lg">
        Cookies
      </Heading>
      <Text>
        We use one cookie to keep you signed in. It is HttpOnly and is deleted when you log out. We do not use tracking
        cookies. Your browser’s local storage keeps your table settings and, if you picked one on the home page, your
        chosen plan.
      </Text>

      <Heading as="h2" size="lg">
        Security
      </Heading>
      <Text>
        Passwords are hashed with a slow, salted algorithm. API keys, sign-in links and session identifiers are stored
        only as hashes, so even we cannot read them back. Magic links are valid for 24 hours and work once.
      </Text>

      <Heading as="h2" size="lg">
        Your rights
      </Heading>
      <Text>
        You can see and correct your profile in Settings, delete images and projects from your dashboard, and ask us to
        export or erase your account by writing to support@jsonable.dev. We answer within 30 days.
      </Text>
    </LegalLayout>
  );
}
