/** The landing page's Try It Now converter, driven as a visitor does. */
import type { Page } from 'playwright-core';
import type { ImageFormat } from '@jsonable/contracts/formats';

/**
 * Back to the editor (Create Another) when a result is shown, picks `format`, generates, and waits
 * for the result tab to show it. Answers the result's URL (the <img> src, or the PDF <object> data).
 */
export async function generateDemoImage(page: Page, format: ImageFormat): Promise<string> {
  const editor = page.getByRole('tab', { name: 'Editor' });
  if ((await editor.getAttribute('aria-selected')) !== 'true')
    await page.getByRole('button', { name: 'Create Another' }).click();
  await page.getByLabel('Output format').selectOption(format);
  await page.getByRole('button', { name: 'Generate Image' }).click();
  await page.getByRole('tab', { name: 'Result', selected: true }).waitFor();
  const node = format === 'pdf' ? page.getByTestId('demo-result-pdf') : page.getByTestId('demo-result-image');
  await node.waitFor();
  return (await node.getAttribute(format === 'pdf' ? 'data' : 'src')) ?? '';
}
