import { Heading, Text } from '@chakra-ui/react';
import { LegalLayout } from './LegalLayout';

export default function TermsPage() {
  return (
    <LegalLayout title="Terms of Service">
      <Text>
        These terms govern your use of Jsonable, a service that turns JSON table data into images through a website and
        an HTTP API. By creating an account or calling the API you agree to them.
      </Text>

      <Heading as="h2" size="lg">
        1. Your account
      </Heading>
      <Text>
        You sign up with an e-mail address and a password, or with a sign-in link we e-mail to you. Sign-in links and
        account messages are sent through our e-mail delivery provider. Keep your password and API keys secret; you are
        responsible for requests made with them. API keys are shown once — if one leaks, regenerate it from your
        dashboard, which invalidates the old key immediately.
      </Text>

      <Heading as="h2" size="lg">
        2. What the service does
      </Heading>
      <Text>
        You send table data; we render it as PNG, JPEG, WebP, AVIF, SVG or PDF, store the file and give you a public
        URL. Anyone who has that URL can view the image, so do not put information in a table that must stay private.
        Demo images made on the landing page without an account are temporary.
      </Text>

      <Heading as="h2" size="lg">
        3. Plans, usage and payment
      </Heading>
      <ul>
        <li>
          Each plan includes a number of tables per usage period. Usage resets every 30 days, counted from the day you
          signed up; unused tables do not roll over.
        </li>
        <li>
          Paid plans are billed monthly in advance. Payments are processed by our card payment provider; we never see or
          store your full card number.
        </li>
        <li>You can cancel at any time; your plan stays active until the end of the period you paid for.</li>
        <li>
          When you reach your plan’s allowance the API answers with status 402 until the next period or an upgrade.
        </li>
      </ul>

      <Heading as="h2" size="lg">
        4. Acceptable use
      </Heading>
      <Text>
        Do not use Jsonable to render unlawful content, to attack or overload the service, or to get around plan limits
        (for example with many free accounts). We may rate-limit or suspend accounts that do.
      </Text>

      <Heading as="h2" size="lg">
        5. Your data
      </Heading>
      <Text>
        You keep all rights to the data you send and the images made from it. You give us permission to process and
        store them only to provide the service. The JSON you send is retained for 30 days and then deleted; generated
        images remain available until you delete them or close your account. Our Privacy Policy explains the details.
      </Text>

      <Heading as="h2" size="lg">
        6. Availability and changes
      </Heading>
      <Text>
        We work to keep Jsonable available and your image URLs stable, but the service is provided “as is” without
        warranties. We may change these terms; if a change is significant we will tell you by e-mail at least 14 days
        before it takes effect.
      </Text>

      <Heading as="h2" size="lg">
        7. Liability
      </Heading>
      <Text>
        To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the 12
        months before it arose.
      </Text>

      <Heading as="h2" size="lg">
        8. Contact
      </Heading>
      <Text>Questions about these terms: support@jsonable.dev.</Text>
    </LegalLayout>
  );
}
