import { Card, Stack, Text, Title } from '@mantine/core';
import { DateTimeText, HtmlContent } from '@/shared/ui';
import type { NewsItem } from '../api/homeBeta';

export const NO_NEWS_TEXT = 'Slow news day';

/** News items, newest first: title, the (server-sanitised) HTML content and the date. */
export function NewsList({ news }: { news: NewsItem[] }) {
  if (news.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {NO_NEWS_TEXT}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {news.map((item) => (
        <Card key={item.id} withBorder padding="md" component="article" aria-labelledby={`news-${item.id}`}>
          <Stack gap="xs">
            <Title order={3} size="h4" id={`news-${item.id}`}>
              {item.title}
            </Title>
            <DateTimeText value={item.created_at} />
            <HtmlContent html={item.HtmlContent} testId={`news-content-${item.id}`} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
