import { Typography } from '@mantine/core';

/**
 * Shows HTML the server has already sanitised (nh3 allow-list: text formatting, lists, links,
 * images). Only use it for such server-cleaned content.
 */
export function HtmlContent({ html, testId }: { html: string; testId?: string }) {
  return <Typography data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
