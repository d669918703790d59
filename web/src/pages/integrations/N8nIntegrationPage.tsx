import { Text } from '@chakra-ui/react';
import { Code } from '../../components/CodeBlock';
import { CREATE_PROJECT_STEP, IntegrationGuide } from '../../features/integrations/IntegrationGuide';
import { automationBody, projectEndpointUrl, projectEndpointResponse } from '../../features/integrations/values';

const n8nBody = `{
  "title": "Open Tickets",
  "data": {{ JSON.stringify($input.all().map(item => item.json)) }}
}`;

export default function N8nIntegrationPage() {
  return (
    <IntegrationGuide
      platform="n8n"
      intro={
        <Text>
          Render the items flowing through an n8n workflow as a table image with the HTTP Request node — no community
          node needed.
        </Text>
      }
      steps={(origin) => [
        CREATE_PROJECT_STEP,
        {
          title: 'Add an HTTP Request node',
          body: (
            <Text>
              Set <strong>Method</strong> to POST and <strong>URL</strong> to your project endpoint.
            </Text>
          ),
          values: [{ label: 'URL', value: projectEndpointUrl(origin) }],
        },
        {
          title: 'Authenticate with a header',
          body: (
            <Text>
              Choose <strong>Authentication → Generic Credential Type → Header Auth</strong> and create a credential
              with this name and your key as the value. n8n stores it encrypted.
            </Text>
          ),
          values: [{ label: 'Header name', value: 'X-API-Key' }],
        },
        {
          title: 'Send the items as JSON',
          body: (
            <Text>
              Turn on <strong>Send Body</strong>, choose <strong>JSON</strong> and <strong>Using JSON</strong>. This
              expression sends every incoming item as a row; set <strong>Execute Once</strong> in the node settings so
              all items become one table.
            </Text>
          ),
          code: { label: 'JSON body (expression)', code: n8nBody },
        },
        {
          title: 'Test and map the URL',
          body: (
            <Text>
              Click <strong>Test step</strong>. The output holds <Code>url</Code>; reference it downstream as{' '}
              <Code>{'{{ $json.url }}'}</Code>. A static body like this one is handy for a first test:
            </Text>
          ),
          code: { label: 'Static test body', code: automationBody },
        },
        {
          title: 'Check the answer',
          body: <Text>A successful call answers like this:</Text>,
          code: { label: 'Response', code: projectEndpointResponse(origin) },
        },
      ]}
      living={{
        request: (
          <>
            Add an HTTP Request node and set its <strong>Method</strong> to PUT.
          </>
        ),
        mapping: (
          <>
            Reference it downstream as <Code>{'{{ $json.url }}'}</Code>.
          </>
        ),
      }}
    />
  );
}
