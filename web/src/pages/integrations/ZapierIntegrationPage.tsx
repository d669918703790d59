import { Text } from '@chakra-ui/react';
import { Code } from '../../components/CodeBlock';
import { CREATE_PROJECT_STEP, IntegrationGuide } from '../../features/integrations/IntegrationGuide';
import { automationBody, projectEndpointUrl, projectEndpointResponse } from '../../features/integrations/values';

export default function ZapierIntegrationPage() {
  return (
    <IntegrationGuide
      platform="Zapier"
      intro={
        <Text>
          Use <strong>Webhooks by Zapier</strong> to turn rows from Google Sheets, Airtable or a form into a table image
          inside any Zap.
        </Text>
      }
      steps={(origin) => [
        CREATE_PROJECT_STEP,
        {
          title: 'Add a Webhooks by Zapier action',
          body: (
            <Text>
              Choose the <strong>Custom Request</strong> event, set <strong>Method</strong> to POST and paste your
              project endpoint as the <strong>URL</strong>.
            </Text>
          ),
          values: [{ label: 'URL', value: projectEndpointUrl(origin) }],
        },
        {
          title: 'Write the JSON body',
          body: (
            <Text>
              Put the table in <strong>Data</strong> as raw JSON and insert fields from earlier steps where the values
              go. Leave <strong>Data Pass-Through</strong> set to False.
            </Text>
          ),
          code: { label: 'Data', code: automationBody },
        },
        {
          title: 'Add the headers',
          body: (
            <Text>
              Under <strong>Headers</strong>, add the content type and your project key.
            </Text>
          ),
          values: [
            { label: 'Content-Type', value: 'application/json' },
            { label: 'X-API-Key', value: 'YOUR_PROJECT_API_KEY' },
          ],
        },
        {
          title: 'Test and use the URL',
          body: (
            <Text>
              Test the step. Zapier shows the fields of the answer; pick <Code>Url</Code> (or <Code>Image Url</Code>) in
              later steps — for example as an attachment URL in Gmail or an image in Slack.
            </Text>
          ),
          code: { label: 'Response', code: projectEndpointResponse(origin) },
        },
      ]}
      living={{
        request: (
          <>
            Add a Webhooks by Zapier action with the <strong>Custom Request</strong> event and set{' '}
            <strong>Method</strong> to PUT.
          </>
        ),
        mapping: (
          <>
            Pick <Code>Url</Code> from the step’s answer in later steps.
          </>
        ),
      }}
    />
  );
}
