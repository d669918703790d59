import { Text } from '@chakra-ui/react';
import { Code } from '../../components/CodeBlock';
import { IntegrationGuide } from '../../features/integrations/IntegrationGuide';
import { automationBody, generateUrl, urlOnlyResponse } from '../../features/integrations/values';

export default function GumloopIntegrationPage() {
  return (
    <IntegrationGuide
      platform="Gumloop"
      intro={
        <Text>
          Call Jsonable from a Gumloop flow with the API call node and a Bearer token, then pass the image URL to the
          rest of your flow.
        </Text>
      }
      steps={(origin) => [
        {
          title: 'Get an API key',
          body: <Text>Create a project in your Jsonable dashboard and copy its API key; it is shown once.</Text>,
        },
        {
          title: 'Add an API call node',
          body: <Text>Set the method to POST and the URL to the table-to-image endpoint.</Text>,
          values: [{ label: 'URL', value: generateUrl(origin) }],
        },
        {
          title: 'Authorize with a Bearer header',
          body: (
            <Text>
              Add an <strong>Authorization</strong> header whose value is the word Bearer, a space, and your key. Add{' '}
              <Code>Content-Type: application/json</Code> too.
            </Text>
          ),
          values: [
            { label: 'Authorization', value: 'Bearer YOUR_API_KEY' },
            { label: 'Content-Type', value: 'application/json' },
          ],
        },
        {
          title: 'Build the body',
          body: (
            <Text>
              Connect the output of your data node into the body. Rows can be arrays (first row = headers) or objects.
            </Text>
          ),
          code: { label: 'Body', code: automationBody },
        },
        {
          title: 'Read the URL',
          body: (
            <Text>
              Use a JSON reader or the node’s output mapping to take <Code>url</Code> from the answer and send it
              onward.
            </Text>
          ),
          code: { label: 'Response', code: urlOnlyResponse(origin) },
        },
      ]}
      living={{
        request: <>In an API call node, set the method to PUT.</>,
        mapping: (
          <>
            Take <Code>url</Code> from the answer with a JSON reader or the node’s output mapping.
          </>
        ),
      }}
      troubleshooting={[
        {
          problem: '401 Unauthorized',
          fix: 'the header must read “Bearer ” followed by the full key. Regenerated keys replace the old one immediately.',
        },
        {
          problem: '400 Invalid request',
          fix: 'the body is not valid JSON or has neither data nor headers. Check for trailing commas and unquoted text.',
        },
        {
          problem: '402 Payment required',
          fix: 'your plan’s tables for this 30-day period are used up. Upgrade, or wait for the reset date shown in your dashboard.',
        },
        {
          problem: '429 Too many requests',
          fix: 'the flow sends requests faster than your plan allows. Add a delay, or wait the seconds given in Retry-After.',
        },
        {
          problem: 'An empty or one-column table',
          fix: 'the data node passed a single string instead of a list. Map the list output, not its text preview.',
        },
      ]}
    />
  );
}
