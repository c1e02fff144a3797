import { Container } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@/shared/session';
import { RecipeWizard } from '../components/RecipeWizard';
import { clearStoredDraft, emptyDraft, loadStoredDraft, type RecipeDraft } from '../lib/draft';

export const CREATOR_BASE = '/recipe-creator';

/** /recipe-creator[/ingredients|/configure|/steps|/complete]: a new recipe; `?name=` pre-fills the name. */
export function RecipeCreatorRoute() {
  const [searchParams] = useSearchParams();
  const { user } = useSession();
  const [start] = useState(() => {
    const name = searchParams.get('name');
    const stored = loadStoredDraft(user?.id ?? null, null);
    const draft: RecipeDraft = stored ?? emptyDraft();
    return { draft: name ? { ...draft, name } : draft, restored: stored !== null };
  });
  const [state, setState] = useState({ key: 0, draft: start.draft, restored: start.restored });

  const startOver = () => {
    clearStoredDraft();
    setState((current) => ({ key: current.key + 1, draft: emptyDraft(), restored: false }));
  };

  return (
    <Container size="md" py="md">
      <RecipeWizard
        key={state.key}
        mode="create"
        basePath={CREATOR_BASE}
        initialDraft={state.draft}
        restored={state.restored}
        onStartOver={startOver}
      />
    </Container>
  );
}
