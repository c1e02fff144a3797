/**
 * 'send recipe to mealplan' of the recipe pages:
 *
 *   <SendToPlanDialog entry={{ name, value: recipe.recipe_id, image, type: '4' }} opened={opened} onClose={close} />
 */
export { dayLabel, SEND_TO_PLAN_TEXTS, SendToPlanDialog, type SendToPlanDialogProps } from './SendToPlanDialog';
export {
  addEntryToPlan,
  ENTRY_NAME_MAX,
  type NewPlanEntry,
  planDays,
  planEntry,
  RECIPES_PER_DAY_MAX,
  withEntry,
} from './api';
