import { Button, Menu } from '@mantine/core';
import { IconDots } from '@/shared/ui/icons';

export const COPIED_INGREDIENTS_TEXT = 'Copied Ingredients to Clipboard';
export const COPIED_LINK_TEXT = 'Copied Link to Clipboard';

/** The recipe's options menu (spec part 1 §2.8). */
export function RecipeOptionsMenu({
  cookMode,
  onToggleCookMode,
  onCopyIngredients,
  onCopyLink,
}: {
  cookMode: boolean;
  onToggleCookMode: () => void;
  onCopyIngredients: () => void;
  onCopyLink: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconDots size={16} />}>
          Recipe Options
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled>send ingredients to list</Menu.Item>
        <Menu.Item disabled>send recipe to mealplan</Menu.Item>
        <Menu.Item disabled>print recipe</Menu.Item>
        <Menu.Item onClick={onToggleCookMode}>{cookMode ? 'exit tutorial' : 'tutorial mode'}</Menu.Item>
        <Menu.Item onClick={onCopyIngredients}>copy ingredients</Menu.Item>
        <Menu.Item onClick={onCopyLink}>copy link</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
