import { ActionIcon, Button } from '@mantine/core';
import { isOnline } from '@/shared/hooks';
import { toast } from '@/shared/ui';
import { IconHeart, IconHeartFilled } from '@/shared/ui/icons';
import { useSavedRecipes, useToggleSaved } from '../api/savedRecipes';

/** The toast of a save or unsave that did not reach the server. */
export function saveFailedMessage(save: boolean, offline: boolean): string {
  const what = save ? 'Could not save the recipe.' : 'Could not remove the recipe from your saved recipes.';
  return offline ? `${what} You are offline.` : `${what} Please try again.`;
}

/**
 * The save heart (spec part 1 §4): not saved or saved; a tap saves (POST) or unsaves (DELETE), a
 * spinner shows while busy and the heart shows the state asked for. When it cannot be saved
 * (offline, or the request fails) a toast says so and the heart goes back to its previous state.
 * Render it for signed-in users only.
 */
export function SaveHeart({ recipeId, name, variant = 'icon' }: { recipeId: number; name: string; variant?: 'icon' | 'button' }) {
  const saved = useSavedRecipes();
  const toggle = useToggleSaved(recipeId);
  const storedSaved = (saved.data ?? []).some((recipe) => recipe.recipe_id === recipeId);
  // While the request is on its way the heart shows the state asked for.
  const isSaved = toggle.isPending && toggle.variables !== undefined ? toggle.variables : storedSaved;
  const onClick = () => {
    if (toggle.isPending) return;
    const save = !storedSaved;
    if (!isOnline()) {
      toast(saveFailedMessage(save, true), 'error');
      return;
    }
    toggle.mutate(save, {
      onError: () => toast(saveFailedMessage(save, !isOnline()), 'error'),
    });
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
