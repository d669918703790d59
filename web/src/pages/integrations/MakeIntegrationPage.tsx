import { Text } from '@chakra-ui/react';
import { Code } from '../../components/CodeBlock';
import { IntegrationGuide } from '../../features/integrations/IntegrationGuide';
import { automationBody, projectEndpointUrl, urlOnlyResponse } from '../../features/integrations/values';

export default function MakeIntegrationPage() {
  return (
    <IntegrationGuide
      platform="Make"
      intro={
        <Text>
          Add a table image to any Make scenario with the built-in HTTP module: send rows from a sheet, a CRM or a
          database and get back a URL you can post to Slack, e-mail or Notion.
        </Text>
      }
      steps={(origin) => [
        {
          title: 'Create a project',
          body: (
            <Text>
              In your Jsonable dashboard, create a project for this scenario. Copy its API key (shown once) and its
              endpoint path.
            </Text>
          ),
        },
        {
          title: 'Add an HTTP “Make a request” module',
          body: (
            <Text>
              Set <strong>Method</strong> to POST and paste your project endpoint as the <strong>URL</strong> (replace
              the placeholder with your endpoint path).
            </Text>
          ),
          values: [{ label: 'Endpoint URL', value: projectEndpointUrl(origin) }],
        },
        {
          title: 'Add the API key header',
          body: (
            <Text>
              Under <strong>Headers</strong>, add one item. The project endpoint accepts the key in this header.
            </Text>
          ),
          values: [
            { label: 'Header name', value: 'X-API-Key' },
            { label: 'Header value', value: 'YOUR_PROJECT_API_KEY' },
          ],
        },
        {
          title: 'Send the table as JSON',
          body: (
            <Text>
              Set <strong>Body type</strong> to Raw and <strong>Content type</strong> to JSON (application/json). Map
              your data into the request content — an array of rows, the first row being the headers, works well with
              sheet modules.
            </Text>
          ),
          code: { label: 'Request content', code: automationBody },
        },
        {
          title: 'Parse the response',
          body: (
            <Text>
              Set <strong>Parse response</strong> to <strong>Yes</strong> so Make reads the JSON answer. Run the module
              once to load its structure.
            </Text>
          ),
          values: [{ label: 'Parse response', value: 'Yes', copy: false }],
        },
        {
          title: 'Use the image URL',
          body: (
            <Text>
              The answer carries the image address at the top level as <Code>url</Code>. Map <Code>Data → url</Code>{' '}
              into the next module — an image block in Slack, an e-mail, or a Google Docs image.
            </Text>
          ),
          code: { label: 'Response', code: urlOnlyResponse(origin) },
        },
      ]}
      living={{
        request: (
          <>
            Add another HTTP “Make a request” module and set its <strong>Method</strong> to PUT.
          </>
        ),
        mapping: (
          <>
            With <strong>Parse response</strong> on, map <Code>Data → url</Code>.
          </>
        ),
      }}
    />
  );
}
