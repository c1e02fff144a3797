import { Container, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredLoader, ComingSoon, FormAlert, useHashTab } from '@/shared/ui';
import { useHomeBeta } from '../api/homeBeta';
import { LatestRecipes } from '../components/LatestRecipes';
import { NewsList } from '../components/NewsList';

/** Tab values are the URL anchors: #news (default), #latestRecipes, #featuredContent. */
export const HOME_BETA_TABS = ['news', 'latestRecipes', 'featuredContent'] as const;

/** /home-beta: News, Latest Recipes and Featured, chosen by the URL hash. */
export function HomeBetaRoute() {
  const [tab, setTab] = useHashTab(HOME_BETA_TABS, 'news');
  const { data, isPending, isError } = useHomeBeta();

  const body = (content: (answer: NonNullable<typeof data>) => ReactNode) => {
    if (isPending) return <CenteredLoader />;
    if (isError || !data) return <FormAlert>Could not load this right now. Please try again later.</FormAlert>;
    return content(data);
  };

  return (
    <Container size="md">
      <Title order={2} mb="md">
        Home
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="news">News</Tabs.Tab>
          <Tabs.Tab value="latestRecipes">Latest Recipes</Tabs.Tab>
          <Tabs.Tab value="featuredContent">Featured</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="news">{body((answer) => <NewsList news={answer.news} />)}</Tabs.Panel>
        <Tabs.Panel value="latestRecipes">{body((answer) => <LatestRecipes recipes={answer.recipes} />)}</Tabs.Panel>
        <Tabs.Panel value="featuredContent">
          <ComingSoon />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
