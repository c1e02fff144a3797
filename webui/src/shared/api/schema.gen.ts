/**
 * The API's wire types, generated from the server's OpenAPI document by webui/scripts/api-types.mjs.
 * Do not edit: run `make api-types`. The app reads them through shared/api/wire.ts.
 */

export interface paths {
  "/api/admin/backups": {
    /** ListBackups */
    get: operations["ApiAdminBackupsListBackups"];
    /** TakeBackup */
    post: operations["ApiAdminBackupsTakeBackup"];
  };
  "/api/admin/backups/{name}": {
    /** DownloadBackup */
    get: operations["ApiAdminBackupsNameDownloadBackup"];
  };
  "/api/admin/inbox": {
    /** ListInbox */
    get: operations["ApiAdminInboxListInbox"];
  };
  "/api/admin/invites": {
    /** ListInvites */
    get: operations["ApiAdminInvitesListInvites"];
    /** CreateInvites */
    post: operations["ApiAdminInvitesCreateInvites"];
  };
  "/api/admin/news": {
    /** ListNews */
    get: operations["ApiAdminNewsListNews"];
    /** CreateNews */
    post: operations["ApiAdminNewsCreateNews"];
  };
  "/api/admin/news/{news_id}": {
    /** UpdateNews */
    put: operations["ApiAdminNewsNewsIdUpdateNews"];
    /** DeleteNews */
    delete: operations["ApiAdminNewsNewsIdDeleteNews"];
  };
  "/api/admin/publish-requests": {
    /** ListRequests */
    get: operations["ApiAdminPublishRequestsListRequests"];
  };
  "/api/admin/publish-requests/{request_id}/approve": {
    /** Approve */
    post: operations["ApiAdminPublishRequestsRequestIdApproveApprove"];
  };
  "/api/admin/publish-requests/{request_id}/reject": {
    /** Reject */
    post: operations["ApiAdminPublishRequestsRequestIdRejectReject"];
  };
  "/api/admin/recipes": {
    /** CreateRecipe */
    post: operations["ApiAdminRecipesCreateRecipe"];
  };
  "/api/admin/recipes/{recipe_id}": {
    /** UpdateRecipe */
    put: operations["ApiAdminRecipesRecipeIdUpdateRecipe"];
    /** DeleteRecipe */
    delete: operations["ApiAdminRecipesRecipeIdDeleteRecipe"];
  };
  "/api/admin/users": {
    /** ListUsers */
    get: operations["ApiAdminUsersListUsers"];
  };
  "/api/admin/users/{user_id}": {
    /** DeleteUser */
    delete: operations["ApiAdminUsersUserIdDeleteUser"];
  };
  "/api/form-options/categories": {
    /** Categories */
    get: operations["ApiFormOptionsCategoriesCategories"];
  };
  "/api/form-options/ingredients": {
    /** Ingredients */
    get: operations["ApiFormOptionsIngredientsIngredients"];
  };
  "/api/form-options/recipes": {
    /** Recipes */
    get: operations["ApiFormOptionsRecipesRecipes"];
  };
  "/api/health": {
    /** Health */
    get: operations["ApiHealthHealth"];
  };
  "/api/pwa/account": {
    /** Account */
    get: operations["ApiPwaAccountAccount"];
  };
  "/api/pwa/account/change-password": {
    /** ChangePassword */
    put: operations["ApiPwaAccountChangePasswordChangePassword"];
  };
  "/api/pwa/account/preferences": {
    /** UpdatePreferences */
    put: operations["ApiPwaAccountPreferencesUpdatePreferences"];
  };
  "/api/pwa/account/update": {
    /** UpdateAccount */
    put: operations["ApiPwaAccountUpdateUpdateAccount"];
  };
  "/api/pwa/bug-report": {
    /** BugReport */
    post: operations["ApiPwaBugReportBugReport"];
  };
  "/api/pwa/calendar-feed": {
    /** FeedLink */
    get: operations["ApiPwaCalendarFeedFeedLink"];
    /** NewFeedLink */
    post: operations["ApiPwaCalendarFeedNewFeedLink"];
    /** TurnFeedOff */
    delete: operations["ApiPwaCalendarFeedTurnFeedOff"];
  };
  "/api/pwa/calendar/{file_name}": {
    /** A member's calendar feed */
    get: operations["ApiPwaCalendarFileNameCalendarFeed"];
  };
  "/api/pwa/contact": {
    /** Contact */
    post: operations["ApiPwaContactContact"];
  };
  "/api/pwa/dashboard": {
    /** Dashboard */
    get: operations["ApiPwaDashboardDashboard"];
  };
  "/api/pwa/events": {
    /** Events */
    get: operations["ApiPwaEventsEvents"];
  };
  "/api/pwa/forgot-email": {
    /** ForgotEmail */
    post: operations["ApiPwaForgotEmailForgotEmail"];
  };
  "/api/pwa/home-beta": {
    /** HomeBeta */
    get: operations["ApiPwaHomeBetaHomeBeta"];
  };
  "/api/pwa/imported-images/{signature}": {
    /** ImportedImage */
    get: operations["ApiPwaImportedImagesSignatureImportedImage"];
  };
  "/api/pwa/login": {
    /** Login */
    post: operations["ApiPwaLoginLogin"];
  };
  "/api/pwa/logout": {
    /** Logout */
    post: operations["ApiPwaLogoutLogout"];
  };
  "/api/pwa/notifications": {
    /** Notifications */
    get: operations["ApiPwaNotificationsNotifications"];
  };
  "/api/pwa/notifications/settings": {
    /** DigestSettings */
    get: operations["ApiPwaNotificationsSettingsDigestSettings"];
    /** ChangeDigestSettings */
    put: operations["ApiPwaNotificationsSettingsChangeDigestSettings"];
  };
  "/api/pwa/publish-requests": {
    /** ListRequests */
    get: operations["ApiPwaPublishRequestsListRequests"];
    /** RequestPublish */
    post: operations["ApiPwaPublishRequestsRequestPublish"];
  };
  "/api/pwa/publish-requests/{request_id}/cancel": {
    /** CancelRequest */
    get: operations["ApiPwaPublishRequestsRequestIdCancelCancelRequest"];
  };
  "/api/pwa/publish-requests/unpublish": {
    /** Unpublish */
    put: operations["ApiPwaPublishRequestsUnpublishUnpublish"];
  };
  "/api/pwa/receipt-scan": {
    /** Scan */
    post: operations["ApiPwaReceiptScanScan"];
  };
  "/api/pwa/receipt-scan/matches": {
    /** ConfirmMatches */
    post: operations["ApiPwaReceiptScanMatchesConfirmMatches"];
  };
  "/api/pwa/recipe-filter": {
    /** RecipeFilter */
    post: operations["ApiPwaRecipeFilterRecipeFilter"];
  };
  "/api/pwa/recipe-search": {
    /** RecipeSearch */
    get: operations["ApiPwaRecipeSearchRecipeSearch"];
  };
  "/api/pwa/recipe-suggestions": {
    /** Suggestions */
    post: operations["ApiPwaRecipeSuggestionsSuggestions"];
  };
  "/api/pwa/recipes": {
    /** Recipes */
    get: operations["ApiPwaRecipesRecipes"];
  };
  "/api/pwa/recipes/{recipe_id}": {
    /** Recipe */
    get: operations["ApiPwaRecipesRecipeIdRecipe"];
  };
  "/api/pwa/register-beta": {
    /** RegisterBeta */
    post: operations["ApiPwaRegisterBetaRegisterBeta"];
  };
  "/api/pwa/resend-verification": {
    /** ResendVerification */
    post: operations["ApiPwaResendVerificationResendVerification"];
  };
  "/api/pwa/reset-password": {
    /** ResetPassword */
    post: operations["ApiPwaResetPasswordResetPassword"];
  };
  "/api/pwa/share": {
    /** SharedWithMe */
    get: operations["ApiPwaShareSharedWithMe"];
    /** ChangeShares */
    put: operations["ApiPwaShareChangeShares"];
  };
  "/api/pwa/share/default": {
    /** SetDefault */
    put: operations["ApiPwaShareDefaultSetDefault"];
  };
  "/api/pwa/share/remove": {
    /** Leave */
    put: operations["ApiPwaShareRemoveLeave"];
  };
  "/api/pwa/stores": {
    /** ListStores */
    get: operations["ApiPwaStoresListStores"];
    /** CreateStore */
    post: operations["ApiPwaStoresCreateStore"];
  };
  "/api/pwa/stores/{store_id}": {
    /** GetStore */
    get: operations["ApiPwaStoresStoreIdGetStore"];
    /** UpdateStore */
    put: operations["ApiPwaStoresStoreIdUpdateStore"];
    /** DeleteStore */
    delete: operations["ApiPwaStoresStoreIdDeleteStore"];
  };
  "/api/pwa/stores/{store_id}/default": {
    /** DefaultStore */
    get: operations["ApiPwaStoresStoreIdDefaultDefaultStore"];
  };
  "/api/pwa/stores/{store_id}/items": {
    /** ReceiveStock */
    post: operations["ApiPwaStoresStoreIdItemsReceiveStock"];
  };
  "/api/pwa/uploads": {
    /** UploadImage */
    post: operations["ApiPwaUploadsUploadImage"];
  };
  "/api/pwa/user-imported-recipes": {
    /** ImportedRecipes */
    get: operations["ApiPwaUserImportedRecipesImportedRecipes"];
    /** ImportRecipe */
    post: operations["ApiPwaUserImportedRecipesImportRecipe"];
  };
  "/api/pwa/user-imported-recipes/{import_id}": {
    /** ImportedRecipe */
    get: operations["ApiPwaUserImportedRecipesImportIdImportedRecipe"];
    /** DeleteImportedRecipe */
    delete: operations["ApiPwaUserImportedRecipesImportIdDeleteImportedRecipe"];
  };
  "/api/pwa/user-mealplans": {
    /** ListPlans */
    get: operations["ApiPwaUserMealplansListPlans"];
    /** CreatePlan */
    post: operations["ApiPwaUserMealplansCreatePlan"];
  };
  "/api/pwa/user-mealplans/{plan_id}": {
    /** GetPlan */
    get: operations["ApiPwaUserMealplansPlanIdGetPlan"];
    /** UpdatePlan */
    put: operations["ApiPwaUserMealplansPlanIdUpdatePlan"];
    /** DeletePlan */
    delete: operations["ApiPwaUserMealplansPlanIdDeletePlan"];
  };
  "/api/pwa/user-mealplans/{plan_id}/complete": {
    /** CompletePlan */
    post: operations["ApiPwaUserMealplansPlanIdCompleteCompletePlan"];
  };
  "/api/pwa/user-mealplans/{plan_id}/ingredients": {
    /** CheckIngredients */
    get: operations["ApiPwaUserMealplansPlanIdIngredientsCheckIngredients"];
  };
  "/api/pwa/user-recipe-creator": {
    /** ListRecipes */
    get: operations["ApiPwaUserRecipeCreatorListRecipes"];
    /** CreateRecipe */
    post: operations["ApiPwaUserRecipeCreatorCreateRecipe"];
  };
  "/api/pwa/user-recipe-creator/{user_recipe_id}": {
    /** GetRecipe */
    get: operations["ApiPwaUserRecipeCreatorUserRecipeIdGetRecipe"];
    /** UpdateRecipe */
    put: operations["ApiPwaUserRecipeCreatorUserRecipeIdUpdateRecipe"];
    /** DeleteRecipe */
    delete: operations["ApiPwaUserRecipeCreatorUserRecipeIdDeleteRecipe"];
  };
  "/api/pwa/user-recipe-validate": {
    /** ValidateRecipe */
    post: operations["ApiPwaUserRecipeValidateValidateRecipe"];
  };
  "/api/pwa/user-saved-recipes": {
    /** SavedRecipes */
    get: operations["ApiPwaUserSavedRecipesSavedRecipes"];
    /** SaveRecipe */
    post: operations["ApiPwaUserSavedRecipesSaveRecipe"];
  };
  "/api/pwa/user-saved-recipes/{recipe_id}": {
    /** UnsaveRecipe */
    delete: operations["ApiPwaUserSavedRecipesRecipeIdUnsaveRecipe"];
  };
  "/api/pwa/user-shoppinglists": {
    /** ListLists */
    get: operations["ApiPwaUserShoppinglistsListLists"];
    /** CreateList */
    post: operations["ApiPwaUserShoppinglistsCreateList"];
  };
  "/api/pwa/user-shoppinglists/{list_id}": {
    /** GetList */
    get: operations["ApiPwaUserShoppinglistsListIdGetList"];
    /** UpdateList */
    put: operations["ApiPwaUserShoppinglistsListIdUpdateList"];
    /** DeleteList */
    delete: operations["ApiPwaUserShoppinglistsListIdDeleteList"];
  };
  "/api/pwa/user-shoppinglists/{list_id}/complete": {
    /** CompleteShop */
    post: operations["ApiPwaUserShoppinglistsListIdCompleteCompleteShop"];
  };
  "/api/pwa/user-shoppinglists/{list_id}/merge": {
    /** MergeItems */
    post: operations["ApiPwaUserShoppinglistsListIdMergeMergeItems"];
  };
  "/api/pwa/verify-email": {
    /** VerifyEmail */
    post: operations["ApiPwaVerifyEmailVerifyEmail"];
  };
}

export type webhooks = Record<string, never>;

export interface components {
  schemas: {
    /** AccountUpdateIn */
    AccountUpdateIn: {
      current_password?: string | null;
      /** @description An e-mail address: x@y.z. */
      email: string;
      /** @description 4 to 64 characters; no invisible ones, no spaces but the plain one. */
      name: string;
    };
    /** AccountUpdateOut */
    AccountUpdateOut: {
      message: string;
      user: components["schemas"]["UserOut"];
    };
    /** AdminPublishRequestOut */
    AdminPublishRequestOut: {
      author: components["schemas"]["AuthorOut"];
      check: components["schemas"]["ValidateOut"];
      /** Format: date-time */
      created_at: string;
      entity_id: number;
      /** @constant */
      entity_type: "UserRecipe";
      error: string | null;
      id: number;
      recipe: components["schemas"]["UserRecipeOut"];
      /** @enum {string} */
      status: "pending" | "approved" | "rejected" | "cancelled";
      /** Format: date-time */
      updated_at: string;
    };
    /** AuthorOut */
    AuthorOut: {
      email: string;
      id: number;
      name: string;
    };
    /** BackupOut */
    BackupOut: {
      /** Format: date-time */
      created_at: string;
      /** @enum {string} */
      kind: "daily" | "on_demand" | "other";
      name: string;
      size: number;
    };
    /** BugReportIn */
    BugReportIn: {
      message: string;
      page?: string | null;
    };
    /** CalendarFeedOut */
    CalendarFeedOut: {
      created_at: string | null;
      url: string | null;
    };
    /** CatalogueRecipeIn */
    CatalogueRecipeIn: {
      /** @description A row id, 1 to 9223372036854775807. */
      category_id?: number | null;
      comments?: string | null;
      description: string;
      image?: string | null;
      ingredients: components["schemas"]["RecipeIngredientIn"][];
      name: string;
      /** @default 1 */
      serves?: number;
      steps: components["schemas"]["RecipeStepIn"][];
    };
    /** CategoryRef */
    CategoryRef: {
      category_id: number;
      name: string;
    };
    /** ChangePasswordIn */
    ChangePasswordIn: {
      confirm_password: string;
      current_password: string;
      new_password: string;
    };
    /** CompletePlanIn */
    CompletePlanIn: {
      /** @default true */
      adjust_stock?: boolean;
      recipes: components["schemas"]["EntryRef"][];
      /** @description A day from 2000-01-01 to 2099-12-31. */
      reschedule_start?: string | null;
      use_items?: number[] | null;
    };
    /** CompletePlanOut */
    CompletePlanOut: {
      plan: components["schemas"]["MealPlanOut"];
      shortfall: components["schemas"]["ShortfallOut"][];
      used: components["schemas"]["UsedStockOut"][];
    };
    /** CompleteShopIn */
    CompleteShopIn: {
      checked?: (number | string)[];
      /** @default false */
      delete_list?: boolean;
      /** @description A row id, 1 to 9223372036854775807. */
      move_unchecked_to?: number | null;
      request_id: string;
      /** @default true */
      store_checked?: boolean;
      /** @description A row id, 1 to 9223372036854775807. */
      store_id?: number | null;
    };
    /** CompleteShopOut */
    CompleteShopOut: {
      list_deleted: boolean;
      moved: number;
      moved_to: number | null;
      request_id: string;
      store_id: number | null;
      stored: number;
    };
    /** ConfirmedMatchesIn */
    ConfirmedMatchesIn: {
      matches: components["schemas"]["ConfirmedMatchIn"][];
    };
    /** ConfirmedMatchIn */
    ConfirmedMatchIn: {
      name: string;
      /** @description A row id, 1 to 9223372036854775807. */
      value: number;
    };
    /** ContactIn */
    ContactIn: {
      /** @description An e-mail address. */
      email: string;
      message: string;
      name: string;
    };
    /** DashboardOut */
    DashboardOut: {
      default_store: components["schemas"]["StoreCardOut"] | null;
      lists: components["schemas"]["ListSummaryOut"][];
      today: components["schemas"]["UpcomingMealOut"][];
      tomorrow: components["schemas"]["UpcomingMealOut"][];
    };
    /** Data[AdminPublishRequestOut] */
    "Data_larder.cookbook.schemas.AdminPublishRequestOut_": {
      data: components["schemas"]["AdminPublishRequestOut"];
    };
    /** Data[PublishRequestOut] */
    "Data_larder.cookbook.schemas.PublishRequestOut_": {
      data: components["schemas"]["PublishRequestOut"];
    };
    /** Data[UserRecipeOut] */
    "Data_larder.cookbook.schemas.UserRecipeOut_": {
      data: components["schemas"]["UserRecipeOut"];
    };
    /** Data[DashboardOut] */
    "Data_larder.dashboard.schemas.DashboardOut_": {
      data: components["schemas"]["DashboardOut"];
    };
    /** Data[ImportedRecipeOut] */
    "Data_larder.imports.schemas.ImportedRecipeOut_": {
      data: components["schemas"]["ImportedRecipeOut"];
    };
    /** Data[CalendarFeedOut] */
    "Data_larder.mealplans.calendar.CalendarFeedOut_": {
      data: components["schemas"]["CalendarFeedOut"];
    };
    /** Data[CompletePlanOut] */
    "Data_larder.mealplans.schemas.CompletePlanOut_": {
      data: components["schemas"]["CompletePlanOut"];
    };
    /** Data[IngredientCheckOut] */
    "Data_larder.mealplans.schemas.IngredientCheckOut_": {
      data: components["schemas"]["IngredientCheckOut"];
    };
    /** Data[MealPlanOut] */
    "Data_larder.mealplans.schemas.MealPlanOut_": {
      data: components["schemas"]["MealPlanOut"];
    };
    /** Data[DigestSettings] */
    "Data_larder.notifications.schemas.DigestSettings_": {
      data: components["schemas"]["DigestSettings"];
    };
    /** Data[SharedWithOut] */
    "Data_larder.sharing.schemas.SharedWithOut_": {
      data: components["schemas"]["SharedWithOut"];
    };
    /** Data[CompleteShopOut] */
    "Data_larder.shopping.schemas.CompleteShopOut_": {
      data: components["schemas"]["CompleteShopOut"];
    };
    /** Data[ShoppingListOut] */
    "Data_larder.shopping.schemas.ShoppingListOut_": {
      data: components["schemas"]["ShoppingListOut"];
    };
    /** Data[DefaultStoreOut] */
    "Data_larder.stores.schemas.DefaultStoreOut_": {
      data: components["schemas"]["DefaultStoreOut"];
    };
    /** Data[ExpiryOverview] */
    "Data_larder.stores.schemas.ExpiryOverview_": {
      data: components["schemas"]["ExpiryOverview"];
    };
    /** Data[StoreOut] */
    "Data_larder.stores.schemas.StoreOut_": {
      data: components["schemas"]["StoreOut"];
    };
    /** Data[list[IngredientOptionOut]] */
    "Data_list_larder.catalogue.schemas.IngredientOptionOut_": {
      data: components["schemas"]["IngredientOptionOut"][];
    };
    /** Data[list[OptionOut]] */
    "Data_list_larder.catalogue.schemas.OptionOut_": {
      data: components["schemas"]["OptionOut"][];
    };
    /** Data[list[RecipeOptionOut]] */
    "Data_list_larder.catalogue.schemas.RecipeOptionOut_": {
      data: components["schemas"]["RecipeOptionOut"][];
    };
    /** Data[list[MealPlanOut]] */
    "Data_list_larder.mealplans.schemas.MealPlanOut_": {
      data: components["schemas"]["MealPlanOut"][];
    };
    /** Data[list[ScanLineOut]] */
    "Data_list_larder.receipts.schemas.ScanLineOut_": {
      data: components["schemas"]["ScanLineOut"][];
    };
    /** Data[list[SharedItem]] */
    "Data_list_larder.sharing.service.SharedItem_": {
      data: components["schemas"]["SharedItem"][];
    };
    /** Data[list[ShoppingListOut]] */
    "Data_list_larder.shopping.schemas.ShoppingListOut_": {
      data: components["schemas"]["ShoppingListOut"][];
    };
    /** Data[list[StoreOut]] */
    "Data_list_larder.stores.schemas.StoreOut_": {
      data: components["schemas"]["StoreOut"][];
    };
    /** Data[list[SuggestionOut]] */
    "Data_list_larder.suggestions.schemas.SuggestionOut_": {
      data: components["schemas"]["SuggestionOut"][];
    };
    /** DayEntryIn */
    DayEntryIn: {
      date?: string | null;
      day: number;
      recipes?: (components["schemas"]["PlanRecipeIn"] & ({
          name: string;
          /** @enum {unknown} */
          type?: "CUSTOM";
        } | ({
          type: string;
          value: number | string;
        }) | {
          /** @enum {unknown} */
          type: "EXTERNAL_LINK";
          value: string;
        }))[];
    };
    /** DayEntryOut */
    DayEntryOut: {
      date: string | null;
      day: number;
      recipes: components["schemas"]["PlanRecipeOut"][];
    };
    /** DefaultStoreOut */
    DefaultStoreOut: {
      default: boolean;
      id: number;
    };
    /** DigestSettings */
    DigestSettings: {
      /** @default false */
      expiry_email?: boolean;
      /** @default 8 */
      expiry_email_hour?: number;
    };
    /** DraftIngredientIn */
    DraftIngredientIn: {
      default_unit?: string | null;
      image?: string | null;
      measurement?: string | null;
      /** @default */
      name?: string;
      /** @default 1 */
      quantity?: number;
      treatment?: string | null;
      value?: string | number | null;
    };
    /** DraftStepIn */
    DraftStepIn: {
      /** @default */
      description?: string;
      id?: string | null;
      step_image?: string | null;
      timer?: string | null;
      /** @default */
      title?: string;
    };
    /** EntryRef */
    EntryRef: {
      day: number;
      index: number;
    };
    /** ErrorOut */
    ErrorOut: {
      /** @description A failed e-mail verification, and a refused publish: the message. */
      error?: string;
      /** @description Validation failures only (422): each field with its messages. */
      errors?: {
        [key: string]: string[];
      };
      /** @description What went wrong, for the user. */
      message: string;
      /** @description A refused publish request (409): the stored, rejected request. */
      request?: {
        [key: string]: unknown;
      };
    };
    /** ExpiryItemOut */
    ExpiryItemOut: {
      /** Format: date */
      expiry_date: string;
      id: number;
      name: string;
      quantity: number;
      store_id: number;
      store_name: string;
      unit: string;
    };
    /** ExpiryOverview */
    ExpiryOverview: {
      expired: components["schemas"]["ExpiryItemOut"][];
      expiring: components["schemas"]["ExpiryItemOut"][];
    };
    /** FilterItem */
    FilterItem: {
      /**
       * @default include
       * @enum {string}
       */
      includeExclude?: "include" | "exclude";
      /** @default */
      name?: string;
      /** @enum {string} */
      type: "ingredient" | "category" | "preference";
      value: string | number;
    };
    /** ForgotIn */
    ForgotIn: {
      /** @description An e-mail address: x@y.z. */
      email: string;
    };
    /** Health */
    Health: {
      status: string;
      version: string;
    };
    /** HomeBetaOut */
    HomeBetaOut: {
      categories: components["schemas"]["OptionOut"][];
      featured: components["schemas"]["RecipeSummary"][];
      news: components["schemas"]["NewsItemOut"][];
      recipes: components["schemas"]["RecipeSummary"][];
    };
    /** ImportedRecipeOut */
    ImportedRecipeOut: {
      /** Format: date-time */
      created_at: string;
      data: string;
      import_failed: boolean;
      import_recipe_id: number;
      url: string;
    };
    /** ImportIn */
    ImportIn: {
      /** @description An absolute http or https link. */
      url: string;
    };
    /** InboxMessageOut */
    InboxMessageOut: {
      created_at?: string | null;
      email: string;
      id: number;
      /** @enum {string} */
      kind: "contact" | "bug";
      message: string;
      name: string;
      page: string | null;
      user_id: number | null;
    };
    /** IngredientCheckOut */
    IngredientCheckOut: {
      lists: components["schemas"]["ListTargetOut"][];
      recipes: components["schemas"]["PlanRecipeCheckOut"][];
    };
    /** IngredientFactsOut */
    IngredientFactsOut: {
      allergen: boolean;
      category_id: number | null;
      dairy_free: boolean;
      default_unit: string;
      diabetes_ok: boolean;
      gluten_free: boolean;
      image: string | null;
      name: string;
      sugar_free: boolean;
      vegan: boolean;
      vegetarian: boolean;
    };
    /** IngredientOptionOut */
    IngredientOptionOut: {
      /** @default */
      buy_unit?: string;
      category_id: number | null;
      default_unit: string;
      image: string | null;
      name: string;
      value: number;
    };
    /** IngredientOut */
    IngredientOut: {
      allergen: boolean;
      allergens: string[];
      category_id: number | null;
      dairy_free: boolean;
      default_unit: string;
      diabetes_ok: boolean;
      estimated_expiry_days: number;
      gluten_free: boolean;
      image: string | null;
      ingredient_id: number;
      name: string;
      sugar_free: boolean;
      vegan: boolean;
      vegetarian: boolean;
    };
    /** IngredientRef */
    IngredientRef: {
      ingredient_id: number | null;
      name: string;
    };
    /** InviteCreateIn */
    InviteCreateIn: {
      /** @default 1 */
      count?: number;
      expires_days?: number | null;
      /** @default 1 */
      uses?: number;
    };
    /** InviteOut */
    InviteOut: {
      code: string;
      /** Format: date-time */
      created_at: string;
      expires_at: string | null;
      max_uses: number;
      uses: number;
    };
    /** ListItemIn */
    ListItemIn: {
      /** @description Added to the quantity the list holds (the result at least 1); not 0, not with `quantity`. */
      change?: number | null;
      checked?: boolean | null;
      measurement?: string | null;
      name?: string | null;
      /** @description At least 1 (part 2 §5). */
      quantity?: number | null;
      unit?: string | null;
      value?: number | string | null;
    };
    /** ListItemOut */
    ListItemOut: {
      category_id: number | null;
      checked: boolean;
      /** Format: date-time */
      date_added: string;
      default_quantity: number;
      default_unit: string;
      image: string | null;
      measurement: string;
      name: string;
      quantity: number;
      unit: string;
      value: string;
    };
    /** ListSummaryOut */
    ListSummaryOut: {
      item_count: number;
      name: string;
      owner_name: string;
      shared: boolean;
      /** Format: date-time */
      updated_at: string;
      user_shoppinglist_id: number;
    };
    /** ListTargetOut */
    ListTargetOut: {
      name: string;
      owner_name: string;
      user_shoppinglist_id: number;
    };
    /** LoginIn */
    LoginIn: {
      email: string;
      password: string;
    };
    /** LoginOut */
    LoginOut: {
      token: string;
      user: components["schemas"]["UserOut"];
    };
    /**
     * MealPlanIn
     * @description Both dates (then the plan has their span of days: a count sent as well must be it) or neither (then `days` or `number_of_days`, not both). The end is not before the start, and a plan spans at most 92 days.
     */
    MealPlanIn: ({
      days?: number | null;
      /** @description A day from 2000-01-01 to 2099-12-31. */
      end_date?: string | null;
      /** @description Letters (any alphabet), digits and spaces; not blank. */
      name: string;
      number_of_days?: number | null;
      recipes?: components["schemas"]["DayEntryIn"][];
      /** @description A day from 2000-01-01 to 2099-12-31. */
      start_date?: string | null;
    }) & ({
      end_date?: null;
      start_date?: null;
    } | {
      end_date: string;
      start_date: string;
    });
    /** MealPlanOut */
    MealPlanOut: {
      days: number;
      end_date: string | null;
      name: string;
      number_of_days: number;
      owner_name: string;
      recipes: components["schemas"]["DayEntryOut"][];
      /** @enum {string} */
      role: "owner" | "editor" | "viewer";
      shared_with: components["schemas"]["ShareEntry"][];
      start_date: string | null;
      /** Format: date-time */
      updated_at: string;
      user_id: number;
      user_mealplan_id: number;
    };
    /**
     * MealPlanUpdateIn
     * @description Fields left out keep their value. A start alone re-dates the plan; a start and an end give it their span of days (the end not before the start); two nulls undate it.
     */
    MealPlanUpdateIn: {
      days?: number;
      /** @description A day from 2000-01-01 to 2099-12-31. */
      end_date?: string | null;
      /** @description Letters (any alphabet), digits and spaces; not blank. */
      name?: string;
      number_of_days?: number;
      recipes?: components["schemas"]["DayEntryIn"][];
      /** @description A day from 2000-01-01 to 2099-12-31. */
      start_date?: string | null;
      updated_at?: string | null;
    };
    /** MergeIn */
    MergeIn: {
      ingredients: components["schemas"]["MergeItemIn"][];
    };
    /** MergeItemIn */
    MergeItemIn: {
      checked?: boolean | null;
      measurement?: string | null;
      name?: string | null;
      /** @description More than 0: a recipe's fraction is merged as it is. */
      quantity?: number | null;
      unit?: string | null;
      value?: number | string | null;
    };
    /** Message */
    Message: {
      message: string;
    };
    /** MissingLineOut */
    MissingLineOut: {
      ingredient_id: number | null;
      measurement: string | null;
      name: string;
      quantity: number | null;
    };
    /** NewsItemIn */
    NewsItemIn: {
      HtmlContent: string;
      title: string;
    };
    /** NewsItemOut */
    NewsItemOut: {
      created_at?: string | null;
      HtmlContent: string;
      id: number;
      title: string;
    };
    /** OptionOut */
    OptionOut: {
      kind: string;
      name: string;
      value: number;
    };
    /** Page[RecipeSummary] */
    "Page_larder.catalogue.schemas.RecipeSummary_": {
      current_page: number;
      data: components["schemas"]["RecipeSummary"][];
      from: number | null;
      last_page: number;
      per_page: number;
      to: number | null;
      total: number;
    };
    /** PlanEntryOut */
    PlanEntryOut: {
      image: string | null;
      name: string;
      type: string;
      value: number;
    };
    /** PlanIngredientOut */
    PlanIngredientOut: {
      ingredient: components["schemas"]["IngredientRef"];
      ingredient_id: number | null;
      measurement: string;
      /** @default true */
      missing?: boolean;
      quantity: number | null;
      stock: components["schemas"]["StockMatchOut"][];
      value: string;
    };
    /** PlanRecipeCheckOut */
    PlanRecipeCheckOut: {
      days: number[];
      entries: components["schemas"]["EntryRef"][];
      name: string;
      recipe_id: number | string | null;
      recipe_ingredients: components["schemas"]["PlanIngredientOut"][];
      type: string;
    };
    /** PlanRecipeIn */
    PlanRecipeIn: {
      /** @default false */
      checked?: boolean;
      image?: string | null;
      /** @default */
      name?: string;
      /** @default CUSTOM */
      type?: string;
      value?: number | string | null;
    };
    /** PlanRecipeOut */
    PlanRecipeOut: {
      checked: boolean;
      image: string | null;
      name: string;
      type: string;
      value: number | string | null;
    };
    /** PreferencesIn */
    PreferencesIn: {
      preferences: ("vegetarian" | "vegan" | "gluten_free" | "sugar_free" | "dairy_free")[];
    };
    /** PublishIn */
    PublishIn: {
      /** @description A row id, 1 to 9223372036854775807. */
      entity_id: number;
      /**
       * @default UserRecipe
       * @constant
       */
      entity_type?: "UserRecipe";
    };
    /** PublishRequestOut */
    PublishRequestOut: {
      /** Format: date-time */
      created_at: string;
      entity_id: number;
      /** @constant */
      entity_type: "UserRecipe";
      error: string | null;
      id: number;
      /** @enum {string} */
      status: "pending" | "approved" | "rejected" | "cancelled";
      /** Format: date-time */
      updated_at: string;
    };
    /** RecipeDraftIn */
    RecipeDraftIn: {
      /** @description A row id, 1 to 9223372036854775807. */
      category_id?: number | null;
      /** @default */
      description?: string;
      image?: string | null;
      ingredients?: components["schemas"]["DraftIngredientIn"][];
      /** @default */
      name?: string;
      /** @default false */
      published?: boolean;
      recipe_image?: string | null;
      /** @default 1 */
      serves?: number;
      steps?: components["schemas"]["DraftStepIn"][];
      /** @description A row id, 1 to 9223372036854775807. */
      user_recipe_id?: number | null;
    };
    /** RecipeFilterIn */
    RecipeFilterIn: {
      filters?: components["schemas"]["FilterItem"][];
      /** @default 1 */
      pageToRequest?: number;
      /** @default */
      searchString?: string;
    };
    /** RecipeIngredientIn */
    RecipeIngredientIn: {
      /** @description A row id, 1 to 9223372036854775807. */
      ingredient_id: number;
      /** @enum {string} */
      measurement: "unit(s)" | "kg" | "g" | "mg" | "l" | "ml" | "cup(s)" | "rasher(s)" | "tsp" | "tbsp";
      /** @default 1 */
      quantity?: number;
      /** @enum {null|string} */
      treatment?: "whole" | "crushed" | "powdered" | "muddled" | "diced" | "peeled" | "sliced" | "cooked" | "melted" | "boiled" | "grated" | null;
    };
    /** RecipeIngredientOut */
    RecipeIngredientOut: {
      ingredient: components["schemas"]["IngredientOut"];
      ingredient_id: number;
      measurement: string;
      quantity: number;
      recipe_ingredient_id: number;
      treatment: string | null;
    };
    /** RecipeOptionOut */
    RecipeOptionOut: {
      category_id: number | null;
      image: string | null;
      name: string;
      value: number;
    };
    /** RecipeOut */
    RecipeOut: {
      allergens: string[];
      author?: string | null;
      category: components["schemas"]["CategoryRef"] | null;
      category_id: number | null;
      comments: string | null;
      description: string;
      image: string | null;
      name: string;
      recipe_id: number;
      recipe_ingredients: components["schemas"]["RecipeIngredientOut"][];
      recipe_steps: components["schemas"]["RecipeStepOut"][];
      serves: number;
      tags: components["schemas"]["Tags"];
      /** Format: date-time */
      updated_at: string;
      verified: boolean;
    };
    /** RecipeStepIn */
    RecipeStepIn: {
      description: string;
      image?: string | null;
      ingredients?: number[];
      /** @description HH:MM:SS */
      timer?: string | null;
      title: string;
    };
    /** RecipeStepOut */
    RecipeStepOut: {
      description: string;
      image: string | null;
      ingredients: number[];
      name: string;
      recipe_step_id: number;
      step_order: number;
      timer: string | null;
      title: string;
    };
    /** RecipeSummary */
    RecipeSummary: {
      allergens: string[];
      author?: string | null;
      category: components["schemas"]["CategoryRef"] | null;
      category_id: number | null;
      comments: string | null;
      description: string;
      image: string | null;
      name: string;
      recipe_id: number;
      serves: number;
      tags: components["schemas"]["Tags"];
      /** Format: date-time */
      updated_at: string;
      verified: boolean;
    };
    /** RegisterIn */
    RegisterIn: {
      /** @description The invite code: 8 characters, any case. */
      beta_code: string;
      /** @description An e-mail address: x@y.z. */
      email: string;
      /** @description 6 to 64 letters, digits, dashes or underscores. */
      name: string;
      password: string;
      password_confirmation: string;
    };
    /** RegisterOut */
    RegisterOut: {
      message: string;
      user: components["schemas"]["UserOut"];
    };
    /** RejectIn */
    RejectIn: {
      reason: string;
    };
    /** ResetPasswordIn */
    ResetPasswordIn: {
      /** @description An e-mail address: x@y.z. */
      email: string;
      password: string;
      password_confirmation: string;
      token: string;
    };
    /** SavedRecipeOut */
    SavedRecipeOut: {
      category: components["schemas"]["CategoryRef"] | null;
      description: string;
      image: string | null;
      name: string;
      recipe_id: number;
      serves: number;
    };
    /** SaveIn */
    SaveIn: {
      /** @description A row id, 1 to 9223372036854775807. */
      recipe_id: number;
    };
    /** ScanLineOut */
    ScanLineOut: {
      checked: boolean;
      currency: string | null;
      matchedItem: components["schemas"]["IngredientOptionOut"] | null;
      name: string;
      price: number | null;
      quantity: number;
      sku: string | null;
      unit: string;
    };
    /** SetDefaultIn */
    SetDefaultIn: {
      /** @description A row id, 1 to 9223372036854775807. */
      entity_id: number;
      /** @constant */
      entity_type: "UserFoodStore";
    };
    /** SharedItem */
    SharedItem: {
      canEdit: boolean;
      entity_id: number;
      name: string;
      owner_id: number;
      shared_with: components["schemas"]["ShareEntry"][];
      type: string;
    };
    /** SharedWithOut */
    SharedWithOut: {
      shared_with: components["schemas"]["ShareEntry"][];
    };
    /** ShareEntry */
    ShareEntry: {
      canEdit: boolean;
      email: string;
    };
    /** ShareEntryIn */
    ShareEntryIn: {
      /** @default false */
      canEdit?: boolean;
      /** @description An e-mail address to share with. */
      email: string;
    };
    /** SharePayload */
    SharePayload: {
      /** @description A row id, 1 to 9223372036854775807. */
      entity_id: number;
      shared_with?: components["schemas"]["ShareEntryIn"][];
      /** @enum {string} */
      type: "UserShoppinglist" | "UserFoodStore" | "UserMealplan";
      unshared_with?: (components["schemas"]["ShareEntryIn"] | string)[];
    };
    /** ShareRecord */
    ShareRecord: {
      /** @description A row id, 1 to 9223372036854775807. */
      entity_id: number;
      /** @enum {string} */
      entity_type: "UserShoppinglist" | "UserFoodStore" | "UserMealplan";
    };
    /** ShoppingListEnvelope */
    ShoppingListEnvelope: {
      shopping_list: components["schemas"]["ShoppingListOut"];
    };
    /** ShoppingListIn */
    ShoppingListIn: {
      ingredients?: components["schemas"]["ListItemIn"][];
      /** @description Letters (any alphabet), digits and spaces; not empty. */
      name: string;
    };
    /** ShoppingListOut */
    ShoppingListOut: {
      ingredients: components["schemas"]["ListItemOut"][];
      name: string;
      owner_name: string;
      /** @enum {string} */
      role: "owner" | "editor" | "viewer";
      shared_with: components["schemas"]["ShareEntry"][];
      /** Format: date-time */
      updated_at: string;
      user_id: number;
      user_shoppinglist_id: number;
    };
    /** ShoppingListUpdateIn */
    ShoppingListUpdateIn: {
      ingredients?: components["schemas"]["ListItemIn"][];
      ingredients_to_remove?: (number | string)[];
      /** @description Letters (any alphabet), digits and spaces; not empty. */
      name?: string | null;
    };
    /** ShortfallOut */
    ShortfallOut: {
      ingredient_id: number | null;
      name: string;
      quantity: number;
      /** @enum {string} */
      reason: "missing" | "unconvertible";
      unit: string;
    };
    /** StockIn */
    StockIn: {
      items: components["schemas"]["StoreItemIn"][];
    };
    /** StockMatchOut */
    StockMatchOut: {
      /** Format: date-time */
      date_added: string;
      /** Format: date */
      expiry_date: string;
      item_id: number;
      quantity: number;
      store_id: number;
      store_name: string;
      unit: string;
    };
    /** StoreCardOut */
    StoreCardOut: {
      expired: number;
      expiring: number;
      id: number;
      item_count: number;
      /** @enum {string} */
      kind: "pantry" | "fridge" | "freezer";
      name: string;
    };
    /** StoreIn */
    StoreIn: {
      /** @description Letters (any alphabet), digits and spaces; not empty. */
      description: string;
      /** @enum {null|string} */
      kind?: "pantry" | "fridge" | "freezer" | null;
      /** @description Letters (any alphabet), digits and spaces; not empty. */
      name: string;
    };
    /** StoreItemIn */
    StoreItemIn: {
      checked?: boolean | null;
      /** @description A time in the years 2000 to 2100; its calendar day in the instance's zone counts. */
      date_added?: string | null;
      estimated_expiry_days?: number | null;
      /** @description A row id, 1 to 9223372036854775807. */
      id?: number | null;
      measurement?: string | null;
      name?: string | null;
      /** @description At least 1 (part 2 §5). */
      quantity?: number | null;
      unit?: string | null;
      value?: number | string | null;
    };
    /** StoreItemOut */
    StoreItemOut: {
      category_id: number | null;
      checked: boolean;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      date_added: string;
      default_quantity: number;
      default_unit: string;
      estimated_expiry_days: number | null;
      /** Format: date */
      expiry_date: string;
      /** @enum {string} */
      freshness: "expired" | "expiring" | "fresh";
      id: number;
      image: string | null;
      measurement: string;
      name: string;
      quantity: number;
      unit: string;
      value: string;
    };
    /** StoreOut */
    StoreOut: {
      default: boolean;
      description: string;
      expired: number;
      expiring: number;
      id: number;
      /** @default 0 */
      in_plan?: number;
      items: components["schemas"]["StoreItemOut"][];
      /** @enum {string} */
      kind: "pantry" | "fridge" | "freezer";
      name: string;
      owner_name: string;
      /** @enum {string} */
      role: "owner" | "editor" | "viewer";
      shared_with: components["schemas"]["ShareEntry"][];
      /**
       * @default UserFoodStore
       * @constant
       */
      type?: "UserFoodStore";
      /** Format: date-time */
      updated_at: string;
      user_id: number;
    };
    /** StoreUpdateIn */
    StoreUpdateIn: {
      /** @description Letters (any alphabet), digits and spaces; not empty. */
      description?: string | null;
      items?: components["schemas"]["StoreItemIn"][];
      items_to_remove?: number[];
      /** @enum {null|string} */
      kind?: "pantry" | "fridge" | "freezer" | null;
      /** @description Letters (any alphabet), digits and spaces; not empty. */
      name?: string | null;
      updated_at?: string | null;
    };
    /** SuggestionOut */
    SuggestionOut: {
      at_home: number;
      counted: number;
      entry: components["schemas"]["PlanEntryOut"];
      image: string | null;
      /** @enum {string} */
      kind: "catalogue" | "user" | "imported";
      missing: components["schemas"]["MissingLineOut"][];
      name: string;
      recipe_id: number;
      score: number;
      summary: string;
      uses: components["schemas"]["UsesOut"][];
    };
    /** SuggestionsIn */
    SuggestionsIn: {
      filters?: components["schemas"]["FilterItem"][];
      /** @default 20 */
      limit?: number;
      /** @default */
      searchString?: string;
      /** @default false */
      use_up?: boolean;
    };
    /** Tags */
    Tags: {
      allergen: boolean;
      dairy_free: boolean;
      gluten_free: boolean;
      sugar_free: boolean;
      vegan: boolean;
      vegetarian: boolean;
    };
    /** UnpublishIn */
    UnpublishIn: {
      /** @description A row id, 1 to 9223372036854775807. */
      user_recipe_id: number;
    };
    /** UpcomingMealOut */
    UpcomingMealOut: {
      image: string | null;
      name: string;
      plan_name: string;
      type: string;
      user_mealplan_id: number;
      value: number | string | null;
    };
    /** UploadOut */
    UploadOut: {
      image: string;
    };
    /** UsedStockOut */
    UsedStockOut: {
      item_id: number;
      left: number;
      name: string;
      removed: boolean;
      store_id: number;
      unit: string;
      used: number;
    };
    /** UserIngredientIn */
    UserIngredientIn: {
      default_unit?: string | null;
      image?: string | null;
      /** @enum {null|string} */
      measurement?: "unit(s)" | "kg" | "g" | "mg" | "l" | "ml" | "cup(s)" | "rasher(s)" | "tsp" | "tbsp" | null;
      name: string;
      /** @default 1 */
      quantity?: number;
      /** @enum {null|string} */
      treatment?: "whole" | "crushed" | "powdered" | "muddled" | "diced" | "peeled" | "sliced" | "cooked" | "melted" | "boiled" | "grated" | null;
      value?: string | number | null;
    };
    /** UserIngredientOut */
    UserIngredientOut: {
      custom: boolean;
      default_unit: string;
      image: string | null;
      measurement: string;
      name: string;
      quantity: number;
      treatment: string | null;
      value: number | null;
    };
    /** UserOut */
    UserOut: {
      /** Format: date-time */
      created_at: string;
      email: string;
      email_verified: boolean;
      id: number;
      name: string;
      preferences?: string[];
      /** @enum {string} */
      role: "user" | "admin";
    };
    /** UserRecipeIn */
    UserRecipeIn: {
      /** @description A row id, 1 to 9223372036854775807. */
      category_id?: number | null;
      description: string;
      image?: string | null;
      ingredients: components["schemas"]["UserIngredientIn"][];
      name: string;
      /** @default false */
      published?: boolean;
      recipe_image?: string | null;
      /** @default 1 */
      serves?: number;
      steps: components["schemas"]["UserStepIn"][];
      /** @description A row id, 1 to 9223372036854775807. */
      user_recipe_id?: number | null;
    };
    /** UserRecipeIngredientOut */
    UserRecipeIngredientOut: {
      ingredient: components["schemas"]["IngredientFactsOut"];
      ingredient_id: number | null;
      measurement: string;
      quantity: number;
      recipe_ingredient_id: number;
      treatment: string | null;
    };
    /** UserRecipeOut */
    UserRecipeOut: {
      category: components["schemas"]["CategoryRef"] | null;
      category_id: number | null;
      /** Format: date-time */
      created_at: string;
      description: string;
      image: string | null;
      ingredients: components["schemas"]["UserIngredientOut"][];
      name: string;
      published: boolean;
      recipe_id: number | null;
      recipe_ingredients: components["schemas"]["UserRecipeIngredientOut"][];
      recipe_steps: components["schemas"]["UserRecipeStepOut"][];
      request: components["schemas"]["PublishRequestOut"] | null;
      serves: number;
      steps: components["schemas"]["UserStepOut"][];
      tags: components["schemas"]["Tags"];
      /** Format: date-time */
      updated_at: string;
      user_recipe_id: number;
    };
    /** UserRecipeStepOut */
    UserRecipeStepOut: {
      description: string;
      id: string;
      image: string | null;
      ingredients?: number[];
      name: string;
      recipe_step_id: number;
      step_image: string | null;
      step_order: number;
      timer: string | null;
      title: string;
    };
    /** UserStepIn */
    UserStepIn: {
      description: string;
      id?: string | null;
      step_image?: string | null;
      /** @description HH:MM:SS */
      timer?: string | null;
      title: string;
    };
    /** UserStepOut */
    UserStepOut: {
      description: string;
      id: string;
      step_image: string | null;
      step_order: number;
      timer: string | null;
      title: string;
    };
    /** UsesOut */
    UsesOut: {
      days_left: number;
      /** Format: date */
      expiry_date: string;
      name: string;
    };
    /** ValidateOut */
    ValidateOut: {
      banned_words: string[];
      custom_ingredients: string[];
      errors: string[];
      name_taken: boolean;
      tags: components["schemas"]["Tags"];
    };
    /** VerifyEmailIn */
    VerifyEmailIn: {
      token: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}

export type $defs = Record<string, never>;

export type external = Record<string, never>;

export interface operations {

  /** ListBackups */
  ApiAdminBackupsListBackups: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["BackupOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** TakeBackup */
  ApiAdminBackupsTakeBackup: {
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["BackupOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DownloadBackup */
  ApiAdminBackupsNameDownloadBackup: {
    parameters: {
      path: {
        name: string;
      };
    };
    responses: {
      /** @description File Download */
      200: {
        headers: {
          /** @description File size in bytes */
          "content-length"?: string;
          /** @description Entity tag */
          etag?: string;
          /** @description Last modified data-time in RFC 2822 format */
          "last-modified"?: string;
        };
        content: {
          "application/zip": string;
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ListInbox */
  ApiAdminInboxListInbox: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["InboxMessageOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ListInvites */
  ApiAdminInvitesListInvites: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["InviteOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CreateInvites */
  ApiAdminInvitesCreateInvites: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["InviteCreateIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["InviteOut"][];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ListNews */
  ApiAdminNewsListNews: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["NewsItemOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CreateNews */
  ApiAdminNewsCreateNews: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["NewsItemIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["NewsItemOut"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** UpdateNews */
  ApiAdminNewsNewsIdUpdateNews: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        news_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["NewsItemIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["NewsItemOut"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DeleteNews */
  ApiAdminNewsNewsIdDeleteNews: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        news_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, nothing follows */
      204: {
        headers: {
        };
        content: never;
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ListRequests */
  ApiAdminPublishRequestsListRequests: {
    parameters: {
      query?: {
        status?: "pending" | "approved" | "rejected" | "cancelled" | "all";
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["AdminPublishRequestOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Approve */
  ApiAdminPublishRequestsRequestIdApproveApprove: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        request_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.cookbook.schemas.AdminPublishRequestOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Reject */
  ApiAdminPublishRequestsRequestIdRejectReject: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        request_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RejectIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.cookbook.schemas.AdminPublishRequestOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CreateRecipe */
  ApiAdminRecipesCreateRecipe: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["CatalogueRecipeIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["RecipeOut"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** UpdateRecipe */
  ApiAdminRecipesRecipeIdUpdateRecipe: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        recipe_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CatalogueRecipeIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["RecipeOut"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DeleteRecipe */
  ApiAdminRecipesRecipeIdDeleteRecipe: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        recipe_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, nothing follows */
      204: {
        headers: {
        };
        content: never;
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ListUsers */
  ApiAdminUsersListUsers: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["UserOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DeleteUser */
  ApiAdminUsersUserIdDeleteUser: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        user_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, nothing follows */
      204: {
        headers: {
        };
        content: never;
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Categories */
  ApiFormOptionsCategoriesCategories: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_list_larder.catalogue.schemas.OptionOut_"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Ingredients */
  ApiFormOptionsIngredientsIngredients: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_list_larder.catalogue.schemas.IngredientOptionOut_"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Recipes */
  ApiFormOptionsRecipesRecipes: {
    parameters: {
      query?: {
        search?: string;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_list_larder.catalogue.schemas.RecipeOptionOut_"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Health */
  ApiHealthHealth: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Health"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Account */
  ApiPwaAccountAccount: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["UserOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ChangePassword */
  ApiPwaAccountChangePasswordChangePassword: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ChangePasswordIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** UpdatePreferences */
  ApiPwaAccountPreferencesUpdatePreferences: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["PreferencesIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["AccountUpdateOut"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** UpdateAccount */
  ApiPwaAccountUpdateUpdateAccount: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["AccountUpdateIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["AccountUpdateOut"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** BugReport */
  ApiPwaBugReportBugReport: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["BugReportIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** FeedLink */
  ApiPwaCalendarFeedFeedLink: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.mealplans.calendar.CalendarFeedOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** NewFeedLink */
  ApiPwaCalendarFeedNewFeedLink: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.mealplans.calendar.CalendarFeedOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** TurnFeedOff */
  ApiPwaCalendarFeedTurnFeedOff: {
    responses: {
      /** @description Request fulfilled, nothing follows */
      204: {
        headers: {
        };
        content: never;
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** A member's calendar feed */
  ApiPwaCalendarFileNameCalendarFeed: {
    parameters: {
      path: {
        file_name: string;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "text/calendar": string;
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Contact */
  ApiPwaContactContact: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ContactIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Dashboard */
  ApiPwaDashboardDashboard: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.dashboard.schemas.DashboardOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Events */
  ApiPwaEventsEvents: {
    responses: {
      /** @description Server-sent events, open until the client leaves (see the operation's description). */
      200: {
        content: {
          "text/event-stream": string;
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ForgotEmail */
  ApiPwaForgotEmailForgotEmail: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ForgotIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** HomeBeta */
  ApiPwaHomeBetaHomeBeta: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["HomeBetaOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ImportedImage */
  ApiPwaImportedImagesSignatureImportedImage: {
    parameters: {
      query?: {
        /** @description The image's link on its own site. */
        u?: string;
      };
      path: {
        /** @description The server's signature of the link. */
        signature: string;
      };
    };
    responses: {
      /** @description The picture: a JPEG of at most 1920x1080, kept for a week by the browser. */
      200: {
        content: {
          "image/jpeg": string;
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The link does not lead to an image that can be shown (not an image, SVG, broken). */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Login */
  ApiPwaLoginLogin: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["LoginIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["LoginOut"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Logout */
  ApiPwaLogoutLogout: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Notifications */
  ApiPwaNotificationsNotifications: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.stores.schemas.ExpiryOverview_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DigestSettings */
  ApiPwaNotificationsSettingsDigestSettings: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.notifications.schemas.DigestSettings_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ChangeDigestSettings */
  ApiPwaNotificationsSettingsChangeDigestSettings: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["DigestSettings"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.notifications.schemas.DigestSettings_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ListRequests */
  ApiPwaPublishRequestsListRequests: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["PublishRequestOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** RequestPublish */
  ApiPwaPublishRequestsRequestPublish: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["PublishIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": unknown;
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CancelRequest */
  ApiPwaPublishRequestsRequestIdCancelCancelRequest: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        request_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.cookbook.schemas.PublishRequestOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Unpublish */
  ApiPwaPublishRequestsUnpublishUnpublish: {
    requestBody: {
      content: {
        "application/json": number | components["schemas"]["UnpublishIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.cookbook.schemas.UserRecipeOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Scan */
  ApiPwaReceiptScanScan: {
    requestBody: {
      content: {
        "multipart/form-data": {
          /**
           * Format: binary
           * @description A photo of a receipt: JPEG, PNG, WebP or GIF, at most 12 MB (12582912 bytes).
           */
          file: string;
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_list_larder.receipts.schemas.ScanLineOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ConfirmMatches */
  ApiPwaReceiptScanMatchesConfirmMatches: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ConfirmedMatchesIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, nothing follows */
      204: {
        headers: {
        };
        content: never;
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** RecipeFilter */
  ApiPwaRecipeFilterRecipeFilter: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["RecipeFilterIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Page_larder.catalogue.schemas.RecipeSummary_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** RecipeSearch */
  ApiPwaRecipeSearchRecipeSearch: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: number;
        search?: string;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Page_larder.catalogue.schemas.RecipeSummary_"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Suggestions */
  ApiPwaRecipeSuggestionsSuggestions: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["SuggestionsIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_list_larder.suggestions.schemas.SuggestionOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Recipes */
  ApiPwaRecipesRecipes: {
    parameters: {
      query?: {
        /** @description The page, from 1. */
        page?: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Page_larder.catalogue.schemas.RecipeSummary_"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Recipe */
  ApiPwaRecipesRecipeIdRecipe: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        recipe_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["RecipeOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** RegisterBeta */
  ApiPwaRegisterBetaRegisterBeta: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["RegisterIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["RegisterOut"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ResendVerification */
  ApiPwaResendVerificationResendVerification: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ResetPassword */
  ApiPwaResetPasswordResetPassword: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ResetPasswordIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** SharedWithMe */
  ApiPwaShareSharedWithMe: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_list_larder.sharing.service.SharedItem_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ChangeShares */
  ApiPwaShareChangeShares: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["SharePayload"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.sharing.schemas.SharedWithOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** SetDefault */
  ApiPwaShareDefaultSetDefault: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["SetDefaultIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.stores.schemas.DefaultStoreOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** Leave */
  ApiPwaShareRemoveLeave: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ShareRecord"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ListStores */
  ApiPwaStoresListStores: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_list_larder.stores.schemas.StoreOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CreateStore */
  ApiPwaStoresCreateStore: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["StoreIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.stores.schemas.StoreOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** GetStore */
  ApiPwaStoresStoreIdGetStore: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        store_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.stores.schemas.StoreOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** UpdateStore */
  ApiPwaStoresStoreIdUpdateStore: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        store_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["StoreUpdateIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.stores.schemas.StoreOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DeleteStore */
  ApiPwaStoresStoreIdDeleteStore: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        store_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, nothing follows */
      204: {
        headers: {
        };
        content: never;
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DefaultStore */
  ApiPwaStoresStoreIdDefaultDefaultStore: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        store_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.stores.schemas.DefaultStoreOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ReceiveStock */
  ApiPwaStoresStoreIdItemsReceiveStock: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        store_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["StockIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.stores.schemas.StoreOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** UploadImage */
  ApiPwaUploadsUploadImage: {
    requestBody: {
      content: {
        "multipart/form-data": {
          /**
           * Format: binary
           * @description A JPEG, PNG, GIF or WebP image of at most 2 MB (2097152 bytes).
           */
          file: string;
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["UploadOut"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ImportedRecipes */
  ApiPwaUserImportedRecipesImportedRecipes: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["ImportedRecipeOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ImportRecipe */
  ApiPwaUserImportedRecipesImportRecipe: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ImportIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.imports.schemas.ImportedRecipeOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ImportedRecipe */
  ApiPwaUserImportedRecipesImportIdImportedRecipe: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        import_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["ImportedRecipeOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DeleteImportedRecipe */
  ApiPwaUserImportedRecipesImportIdDeleteImportedRecipe: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        import_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, nothing follows */
      204: {
        headers: {
        };
        content: never;
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ListPlans */
  ApiPwaUserMealplansListPlans: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_list_larder.mealplans.schemas.MealPlanOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CreatePlan */
  ApiPwaUserMealplansCreatePlan: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["MealPlanIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.mealplans.schemas.MealPlanOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** GetPlan */
  ApiPwaUserMealplansPlanIdGetPlan: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        plan_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.mealplans.schemas.MealPlanOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** UpdatePlan */
  ApiPwaUserMealplansPlanIdUpdatePlan: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        plan_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["MealPlanUpdateIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.mealplans.schemas.MealPlanOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DeletePlan */
  ApiPwaUserMealplansPlanIdDeletePlan: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        plan_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, nothing follows */
      204: {
        headers: {
        };
        content: never;
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CompletePlan */
  ApiPwaUserMealplansPlanIdCompleteCompletePlan: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        plan_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CompletePlanIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.mealplans.schemas.CompletePlanOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CheckIngredients */
  ApiPwaUserMealplansPlanIdIngredientsCheckIngredients: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        plan_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.mealplans.schemas.IngredientCheckOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ListRecipes */
  ApiPwaUserRecipeCreatorListRecipes: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["UserRecipeOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CreateRecipe */
  ApiPwaUserRecipeCreatorCreateRecipe: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["UserRecipeIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.cookbook.schemas.UserRecipeOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** GetRecipe */
  ApiPwaUserRecipeCreatorUserRecipeIdGetRecipe: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        user_recipe_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["UserRecipeOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** UpdateRecipe */
  ApiPwaUserRecipeCreatorUserRecipeIdUpdateRecipe: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        user_recipe_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["UserRecipeIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.cookbook.schemas.UserRecipeOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DeleteRecipe */
  ApiPwaUserRecipeCreatorUserRecipeIdDeleteRecipe: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        user_recipe_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, nothing follows */
      204: {
        headers: {
        };
        content: never;
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ValidateRecipe */
  ApiPwaUserRecipeValidateValidateRecipe: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["RecipeDraftIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["ValidateOut"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** SavedRecipes */
  ApiPwaUserSavedRecipesSavedRecipes: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["SavedRecipeOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** SaveRecipe */
  ApiPwaUserSavedRecipesSaveRecipe: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["SaveIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["SavedRecipeOut"][];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** UnsaveRecipe */
  ApiPwaUserSavedRecipesRecipeIdUnsaveRecipe: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        recipe_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["SavedRecipeOut"][];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** ListLists */
  ApiPwaUserShoppinglistsListLists: {
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_list_larder.shopping.schemas.ShoppingListOut_"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CreateList */
  ApiPwaUserShoppinglistsCreateList: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["ShoppingListIn"];
      };
    };
    responses: {
      /** @description Document created, URL follows */
      201: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.shopping.schemas.ShoppingListOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** GetList */
  ApiPwaUserShoppinglistsListIdGetList: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        list_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["ShoppingListEnvelope"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** UpdateList */
  ApiPwaUserShoppinglistsListIdUpdateList: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        list_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ShoppingListUpdateIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.shopping.schemas.ShoppingListOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** DeleteList */
  ApiPwaUserShoppinglistsListIdDeleteList: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        list_id: number;
      };
    };
    responses: {
      /** @description Request fulfilled, nothing follows */
      204: {
        headers: {
        };
        content: never;
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** CompleteShop */
  ApiPwaUserShoppinglistsListIdCompleteCompleteShop: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        list_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CompleteShopIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.shopping.schemas.CompleteShopOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** MergeItems */
  ApiPwaUserShoppinglistsListIdMergeMergeItems: {
    parameters: {
      path: {
        /** @description A row id, 1 to 9223372036854775807. */
        list_id: number;
      };
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["MergeIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Data_larder.shopping.schemas.ShoppingListOut_"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No session: the bearer token is missing, invalid, expired or revoked. */
      401: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Signed in, but without the rights this needs. */
      403: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
  /** VerifyEmail */
  ApiPwaVerifyEmailVerifyEmail: {
    requestBody: {
      content: {
        "application/json": components["schemas"]["VerifyEmailIn"];
      };
    };
    responses: {
      /** @description Request fulfilled, document follows */
      200: {
        headers: {
        };
        content: {
          "application/json": components["schemas"]["Message"];
        };
      };
      /** @description The body is not a JSON object (or not a form, where one is taken). */
      400: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description No such item, or not one the caller may see. */
      404: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Conflicts with existing data or with the item's current state. */
      409: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is too large. */
      413: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The body is not JSON sent with Content-Type: application/json. */
      415: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Invalid input: `errors` names each field with its messages. */
      422: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description Too many attempts: try again after the seconds in the Retry-After header. */
      429: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
      /** @description The database is busy: try again. */
      503: {
        content: {
          "application/json": components["schemas"]["ErrorOut"];
        };
      };
    };
  };
}
