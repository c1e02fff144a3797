import { Button, Menu } from '@mantine/core';
import { IconDots } from '@/shared/ui/icons';

export const RECIPE_OPTIONS_LABEL = 'Recipe Options';

/**
 * The 'Recipe Options' menu (spec part 1 §2.8, §2.10): send ingredients to list, send recipe to
 * mealplan and print recipe (all disabled), the tutorial-mode toggle (only when
 * `onToggleCookMode` is given), copy ingredients and copy link.
 */
export function RecipeOptionsMenu({
  cookMode = false,
  onToggleCookMode,
  onCopyIngredients,
  onCopyLink,
}: {
  cookMode?: boolean;
  onToggleCookMode?: () => void;
  onCopyIngredients: () => void;
  onCopyLink: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconDots size={16} />}>
          {RECIPE_OPTIONS_LABEL}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled>send ingredients to list</Menu.Item>
        <Menu.Item disabled>send recipe to mealplan</Menu.Item>
        <Menu.Item disabled>print recipe</Menu.Item>
        {onToggleCookMode && (
          <Menu.Item onClick={onToggleCookMode}>{cookMode ? 'exit tutorial' : 'tutorial mode'}</Menu.Item>
        )}
        <Menu.Item onClick={onCopyIngredients}>copy ingredients</Menu.Item>
        <Menu.Item onClick={onCopyLink}>copy link</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
