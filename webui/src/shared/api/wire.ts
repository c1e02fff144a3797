/**
 * The API's wire types under the names the app uses, every one taken from the types generated from
 * the server's OpenAPI document (schema.gen.ts, `make api-types`): the app cannot expect a field the
 * server does not send, or a null it never sends.
 *
 * This is the one file that names generated schemas. When the server renames one, re-point it
 * here. Payloads are named, not their envelopes: an envelope is `Envelope<Payload>` below.
 */
import type { components, paths } from './schema.gen';

type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The JSON body of the successful answer (200 or 201) of `method path`. */
type Answer<Path extends keyof paths, Method extends keyof paths[Path]> = paths[Path][Method] extends {
  responses: infer Responses;
}
  ? Responses extends { 200: { content: { 'application/json': infer Body } } }
    ? Body
    : Responses extends { 201: { content: { 'application/json': infer Body } } }
      ? Body
      : never
  : never;

/** `{data: payload}`: how the server wraps the answer of most writes. */
export interface Envelope<Payload> {
  data: Payload;
}

// -- accounts ---------------------------------------------------------------------------------------

/** The signed-in user's profile (stored in localStorage with the token). */
export type User = Schema<'UserOut'>;
export type Role = User['role'];
export type LoginPayload = Schema<'LoginIn'>;
export type LoginResponse = Schema<'LoginOut'>;
export type RegisterPayload = Schema<'RegisterIn'>;
export type RegisterResponse = Schema<'RegisterOut'>;
export type ForgotPasswordPayload = Schema<'ForgotIn'>;
export type ResetPasswordPayload = Schema<'ResetPasswordIn'>;
export type VerifyEmailPayload = Schema<'VerifyEmailIn'>;
export type MessageResponse = Schema<'Message'>;
export type UpdateAccountPayload = Schema<'AccountUpdateIn'>;
/** The answer of PUT /account/update and PUT /account/preferences. */
export type AccountResponse = Schema<'AccountUpdateOut'>;
export type ChangePasswordPayload = Schema<'ChangePasswordIn'>;
export type PreferencesPayload = Schema<'PreferencesIn'>;

// -- content and contact ----------------------------------------------------------------------------

export type NewsItem = Schema<'NewsItemOut'>;
/** One backup archive of the instance (GET /api/admin/backups). */
export type Backup = Schema<'BackupOut'>;
export type NewsPayload = Schema<'NewsItemIn'>;
export type ContactPayload = Schema<'ContactIn'>;
export type BugReportPayload = Schema<'BugReportIn'>;
/** A contact message or bug report as the administrator's inbox lists it (plain text). */
export type InboxMessage = Schema<'InboxMessageOut'>;
export type SentResponse = Schema<'Message'>;

// -- catalogue --------------------------------------------------------------------------------------

export type DietaryTags = Schema<'Tags'>;
export type CategoryRef = Schema<'CategoryRef'>;
/** A catalogue recipe as listed. */
export type RecipeSummary = Schema<'RecipeSummary'>;
/** A catalogue recipe with its ingredients and steps. */
export type RecipeDetail = Schema<'RecipeOut'>;
export type RecipeIngredient = Schema<'RecipeIngredientOut'>;
export type RecipeStep = Schema<'RecipeStepOut'>;
/** A page of catalogue recipes (GET /recipes, GET /recipe-search, POST /recipe-filter). */
export type RecipePage = Answer<'/api/pwa/recipes', 'get'>;
export type RecipeFilterPayload = Schema<'RecipeFilterIn'>;
export type FilterItemIn = Schema<'FilterItem'>;
/** A saved catalogue recipe with its card fields. */
export type SavedRecipe = Schema<'SavedRecipeOut'>;
export type SavePayload = Schema<'SaveIn'>;
/** GET /api/form-options/categories: the categories (recipe and ingredient ones, told by `kind`). */
export type CategoryOption = Schema<'OptionOut'>;
/** GET /api/form-options/ingredients: the catalogue ingredients. */
export type IngredientOption = Schema<'IngredientOptionOut'>;

/** GET /home-beta: news, categories and the newest catalogue recipes. */
export type HomeBetaResponse = Schema<'HomeBetaOut'>;
/** What the home screen reads of a newest recipe (test data gives only these fields). */
export type LatestRecipe = Pick<RecipeSummary, 'recipe_id' | 'name' | 'description'>;

// -- own recipes and publish requests (cookbook, creator, admin) ------------------------------------

/** An own recipe as the server answers it. */
export type UserRecipeOut = Schema<'UserRecipeOut'>;
export type UserRecipeIngredient = Schema<'UserIngredientOut'>;
export type UserRecipeStep = Schema<'UserStepOut'>;
export type PublishRequestOut = Schema<'PublishRequestOut'>;
/** pending, approved, rejected or cancelled (the server declares a string). */
export type PublishStatus = PublishRequestOut['status'];
/** The answer of POST /user-recipe-validate (the publish check). */
export type ValidateResult = Schema<'ValidateOut'>;
/** A publish request as the administrator sees it: with its author, recipe and check. */
export type AdminPublishRequest = Schema<'AdminPublishRequestOut'>;
export type RejectPayload = Schema<'RejectIn'>;
export type PublishPayload = Schema<'PublishIn'>;

type DraftIngredientSchema = Schema<'DraftIngredientIn'>;
type DraftStepSchema = Schema<'DraftStepIn'>;
/** One ingredient of a draft as the app sends it (every field; `value` a catalogue id or 'custom-…'). */
export type DraftIngredientIn = Required<DraftIngredientSchema>;
export type DraftStepIn = Required<DraftStepSchema>;
/**
 * Body of POST/PUT /user-recipe-creator and POST /user-recipe-validate as the app sends it: every
 * field (the server's defaults are never relied on); `recipe_image` is the older clients' `image`.
 */
export type UserRecipeIn = Required<
  Omit<Schema<'UserRecipeIn'>, 'recipe_image' | 'ingredients' | 'steps'>
> & { ingredients: DraftIngredientIn[]; steps: DraftStepIn[] };

// -- imports and uploads ----------------------------------------------------------------------------

/** An imported recipe as the server keeps it; `data` is JSON text (see the imports feature). */
export type ImportedRecipe = Schema<'ImportedRecipeOut'>;
export type ImportPayload = Schema<'ImportIn'>;
/** The answer of POST /uploads: the stored image's name. */
export type UploadResponse = Schema<'UploadOut'>;

// -- shopping lists ---------------------------------------------------------------------------------

/** A shopping list as the server answers it, with `role`: what the caller may do (owner, editor, viewer). */
export type ShoppingList = Schema<'ShoppingListOut'>;
/** An item of a list; `value` is the ingredient id as text, or 'CUSTOM-…' for a custom item. */
export type ShoppingListItem = Schema<'ListItemOut'>;
export type ShoppingListRole = ShoppingList['role'];
/** One person a list, store or plan is shared with. */
export type ShareEntry = Schema<'ShareEntry'>;
/** Body of PUT /share: who to add or change (`shared_with`) and who to drop (`unshared_with`). */
export type SharePayload = Schema<'SharePayload'>;
/** What can be shared: a shopping list, a food store or a meal plan. */
export type ShareEntityType = SharePayload['type'];
/** The answer of PUT /share: everyone the item is shared with now. */
export type ShareAnswer = Schema<'SharedWithOut'>;
/** An item as sent: a value (id or 'CUSTOM-…'), or a name alone for a new custom item. */
export type ShoppingListItemIn = Schema<'ListItemIn'>;
export type ShoppingListPayload = Schema<'ShoppingListIn'>;
export type ShoppingListUpdatePayload = Schema<'ShoppingListUpdateIn'>;
export type MergePayload = Schema<'MergeIn'>;
export type CompleteShopPayload = Schema<'CompleteShopIn'>;
export type CompleteShopResult = Schema<'CompleteShopOut'>;

// -- food stores ------------------------------------------------------------------------------------

/** A food store as the server answers it (`default` and `role` are the caller's). */
export type Store = Schema<'StoreOut'>;
export type StoreItem = Schema<'StoreItemOut'>;
export type StoreKind = Store['kind'];
export type StorePayload = Schema<'StoreIn'>;
export type StoreUpdatePayload = Schema<'StoreUpdateIn'>;
export type StoreItemIn = Schema<'StoreItemIn'>;
/** Body of POST /stores/{id}/items: stock received by the merge rule (a receipt, send-to-store). */
export type StockPayload = Schema<'StockIn'>;
/** Body of PUT /share/default. */
export type SetDefaultPayload = Schema<'SetDefaultIn'>;
export type DefaultStoreAnswer = Schema<'DefaultStoreOut'>;

// -- meal plans -------------------------------------------------------------------------------------

/** A meal plan with every one of its days; `role` is what the caller may do (owner, editor, viewer). */
export type MealPlan = Schema<'MealPlanOut'>;
export type MealPlanRole = MealPlan['role'];
/** One day of a plan: its date (null in a plan without dates), its 0-based number and its recipes. */
export type PlanDay = Schema<'DayEntryOut'>;
/** A recipe planned on a day: `value` a recipe id, an external URL, or null for a custom entry. */
export type PlanEntry = Schema<'PlanRecipeOut'>;
export type PlanDayIn = Schema<'DayEntryIn'>;
export type PlanEntryIn = Schema<'PlanRecipeIn'>;
/** Body of POST /user-mealplans/. */
export type MealPlanPayload = Schema<'MealPlanIn'>;
/** Body of PUT /user-mealplans/{id} (editor autosave and scheduler): fields left out keep their value. */
export type MealPlanUpdatePayload = Schema<'MealPlanUpdateIn'>;
/** GET /user-mealplans/{id}/ingredients: the plan's recipes with ingredients and stock, and the lists to add to. */
export type IngredientCheck = Schema<'IngredientCheckOut'>;
export type CheckRecipe = Schema<'PlanRecipeCheckOut'>;
export type CheckIngredient = Schema<'PlanIngredientOut'>;
export type StockMatch = Schema<'StockMatchOut'>;
export type ListTarget = Schema<'ListTargetOut'>;
/** A recipe of a plan by place: its day and its index among that day's recipes. */
export type EntryRef = Schema<'EntryRef'>;
export type CompletePlanPayload = Schema<'CompletePlanIn'>;
export type CompletePlanResult = Schema<'CompletePlanOut'>;
export type UsedStock = Schema<'UsedStockOut'>;
export type Shortfall = Schema<'ShortfallOut'>;

// -- dashboard --------------------------------------------------------------------------------------

/** GET /dashboard: everything the dashboard shows (`today` and `tomorrow` are filled by meal plans). */
export type Dashboard = Schema<'DashboardOut'>;
/** A list as the dashboard shows it: its item count, and `shared` when someone else owns it. */
export type DashboardList = Schema<'ListSummaryOut'>;
/** The default store's card: its item count and badge counts, without its items. */
export type StoreCard = Schema<'StoreCardOut'>;
/** A recipe planned for today or tomorrow. */
export type UpcomingMeal = Schema<'UpcomingMealOut'>;

// -- suggestions ('Cook from what you have') -------------------------------------------------------

/**
 * A recipe ranked against the stock of every store the user sees (POST /recipe-suggestions): how
 * much of it is at home, what is missing, what it uses up before it expires, the one-line
 * `summary`, and `entry`, the recipe as a meal plan entry.
 */
export type RecipeSuggestion = Schema<'SuggestionOut'>;
/** Where a suggested recipe comes from: the catalogue, the user's own recipes or their imports. */
export type RecipeSuggestionKind = RecipeSuggestion['kind'];
/** A line of a suggested recipe the stock does not cover (a catalogue ingredient by id when it is one). */
export type MissingLine = Schema<'MissingLineOut'>;
/** Body of POST /recipe-suggestions: Discover's search and filters, how many, and `use_up`. */
export type RecipeSuggestionsPayload = Schema<'SuggestionsIn'>;

// -- notifications ----------------------------------------------------------------------------------

/** GET /notifications: what expired and what is about to, across the stores the user sees. */
export type ExpiryOverview = Schema<'ExpiryOverview'>;
/** An expired or expiring item, with the store it is in. */
export type ExpiryItem = Schema<'ExpiryItemOut'>;
/** GET and PUT /notifications/settings: the daily expiry e-mail (on or off, and its local hour). */
export type ExpiryEmailSettings = Required<Schema<'DigestSettings'>>;
/** GET and POST /calendar-feed: the member's calendar feed address (null while off) and when it was made. */
export type CalendarFeed = Schema<'CalendarFeedOut'>;
