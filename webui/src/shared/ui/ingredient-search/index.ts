/**
 * The shared ingredient search (spec part 2 §5 'Ingredient search in add dialogs'):
 *
 *   <IngredientSearch onPick={(pick) => (isCustomPick(pick) ? addCustom(pick.name) : add(pick))} />
 *
 * `pick` is a catalogue option (`IngredientOption`: value, name, image, category_id, default_unit)
 * or a custom item `{name}` with no value. Filtering rules live in `filterIngredientOptions`.
 */
export {
  CUSTOM_ITEM_TEXT,
  type CustomIngredientPick,
  type IngredientPick,
  IngredientSearch,
  type IngredientSearchProps,
  isCustomPick,
} from './IngredientSearch';
export { canCreateCustom, filterIngredientOptions, INGREDIENT_FILTER_MIN } from './filter';
