import { useState } from 'react';
import { SendToListDialog } from '@/shared/ui/send-to-list';
import { SendToPlanDialog } from '@/shared/ui/send-to-plan';
import { COPIED_INGREDIENTS_TEXT, COPIED_LINK_TEXT, copyWithToast } from './copy';
import { ingredientNamesText } from './ingredients';
import { RecipeOptionsMenu } from './RecipeOptionsMenu';
import type { NewPlanEntry, SendableIngredient } from './send';

/** What a signed-in user's recipe page sends: the recipe as a plan entry, and its ingredients. */
export interface RecipeSendTargets {
  entry: NewPlanEntry;
  ingredients: SendableIngredient[];
}

/**
 * The 'Recipe Options' menu with what its items open: the copy items copy the ingredient names
 * (one per line) and the page's link; with `send` (a signed-in user), 'send ingredients to list'
 * and 'send recipe to mealplan' open their dialogs, else they stay disabled.
 */
export function RecipeOptions({
  ingredients,
  send,
  cookMode,
  onToggleCookMode,
}: {
  ingredients: readonly { name: string }[];
  send?: RecipeSendTargets;
  cookMode?: boolean;
  onToggleCookMode?: () => void;
}) {
  const [dialog, setDialog] = useState<'list' | 'plan' | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <RecipeOptionsMenu
        cookMode={cookMode}
        onToggleCookMode={onToggleCookMode}
        onCopyIngredients={() => void copyWithToast(ingredientNamesText(ingredients), COPIED_INGREDIENTS_TEXT)}
        onCopyLink={() => void copyWithToast(window.location.href, COPIED_LINK_TEXT)}
        onSendIngredients={send ? () => setDialog('list') : undefined}
        onSendToPlan={send ? () => setDialog('plan') : undefined}
      />
      {send && (
        <>
          <SendToListDialog ingredients={send.ingredients} opened={dialog === 'list'} onClose={close} />
          <SendToPlanDialog entry={send.entry} opened={dialog === 'plan'} onClose={close} />
        </>
      )}
    </>
  );
}
