import { Button, Menu } from '@mantine/core';
import { IconDots } from '@/shared/ui/icons';

export const RECIPE_OPTIONS_LABEL = 'Recipe Options';

/**
 * The 'Recipe Options' menu (spec part 1 §2.8, §2.10): send ingredients to list and send recipe to
 * mealplan (enabled when their handlers are given: the spec's app never built them, ours does),
 * print recipe (disabled), the tutorial-mode toggle (only when `onToggleCookMode` is given), copy
 * ingredients and copy link.
 */
export function RecipeOptionsMenu({
  cookMode = false,
  onToggleCookMode,
  onCopyIngredients,
  onCopyLink,
  onSendIngredients,
  onSendToPlan,
}: {
  cookMode?: boolean;
  onToggleCookMode?: () => void;
  onCopyIngredients: () => void;
  onCopyLink: () => void;
  onSendIngredients?: () => void;
  onSendToPlan?: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconDots size={16} />}>
          {RECIPE_OPTIONS_LABEL}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled={!onSendIngredients} onClick={onSendIngredients}>
          send ingredients to list
        </Menu.Item>
        <Menu.Item disabled={!onSendToPlan} onClick={onSendToPlan}>
          send recipe to mealplan
        </Menu.Item>
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
