import { ActionIcon, Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@/shared/ui/icons';
import { useSavedRecipes, useToggleSaved } from '../api/savedRecipes';

/**
 * The save heart (spec part 1 §4): not saved or saved; a tap saves (POST) or unsaves (DELETE), a
 * spinner shows while busy; failures are only logged. Render it for signed-in users only.
 */
export function SaveHeart({ recipeId, name, variant = 'icon' }: { recipeId: number; name: string; variant?: 'icon' | 'button' }) {
  const saved = useSavedRecipes();
  const toggle = useToggleSaved(recipeId);
  const isSaved = (saved.data ?? []).some((recipe) => recipe.recipe_id === recipeId);
  const onClick = () => {
    if (toggle.isPending) return;
    toggle.mutate(!isSaved);
  };
  const label = isSaved ? `unsave ${name}` : `save ${name}`;
  const icon = isSaved ? <IconHeartFilled size={20} /> : <IconHeart size={20} />;
  if (variant === 'button') {
    return (
      <Button
        variant={isSaved ? 'filled' : 'light'}
        color="red"
        leftSection={icon}
        loading={toggle.isPending}
        onClick={onClick}
        aria-label={label}
        aria-pressed={isSaved}
      >
        {isSaved ? 'Saved' : 'Save'}
      </Button>
    );
  }
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      loading={toggle.isPending}
      onClick={onClick}
      aria-label={label}
      aria-pressed={isSaved}
    >
      {icon}
    </ActionIcon>
  );
}
