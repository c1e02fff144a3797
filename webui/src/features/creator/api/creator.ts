import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ApiError,
  type ApiBody,
  api,
  categoryOptionsQueryOptions,
  ingredientOptionsQueryOptions,
  queryKeys,
  type UserRecipeIn,
  type ValidateResult,
} from '@/shared/api';
import type { CreatorRecipe } from './types';

/** The recipe categories to file a recipe under (ingredient categories are for stores). */
export function useCategoryOptions() {
  return useQuery({
    ...categoryOptionsQueryOptions(),
    select: (answer) => answer.data.filter((option) => !option.kind || option.kind === 'recipe'),
  });
}

/** The catalogue ingredients (value, name, image, default_unit). */
export function useIngredientOptions() {
  return useQuery({ ...ingredientOptionsQueryOptions(), select: (answer) => answer.data });
}

/** GET /user-recipe-creator/{user_recipe_id}: an own recipe to edit (always fetched fresh). */
export function userRecipeQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.userRecipes.detail(id),
    queryFn: ({ signal }) => api.get('/user-recipe-creator/{user_recipe_id}', { params: { user_recipe_id: id }, signal }),
    staleTime: 0,
  });
}

export function useUserRecipe(id: number) {
  return useQuery({ ...userRecipeQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/** POST /user-recipe-validate: the publish check of a draft. */
export function validateRecipe(payload: Partial<UserRecipeIn>, signal?: AbortSignal): Promise<ValidateResult> {
  return api.post('/user-recipe-validate', payload, { signal });
}

/** Whether `name` is taken (another catalogue recipe or another user's recipe); checked when `name` is set. */
export function useNameTaken(name: string, userRecipeId: number | null) {
  return useQuery({
    queryKey: queryKeys.recipeChecks.name(name, userRecipeId),
    queryFn: ({ signal }) => validateRecipe({ name, user_recipe_id: userRecipeId }, signal),
    select: (result) => result.name_taken,
    enabled: name.length > 0,
    staleTime: 30_000,
    retry: false,
  });
}

/** The full publish check of the draft (while `enabled`). */
export function usePublishCheck(payload: UserRecipeIn, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.recipeChecks.publish(payload),
    queryFn: ({ signal }) => validateRecipe(payload, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** What an edit withdraws: a published recipe leaves the catalogue, an open publish request is cancelled. */
interface Withdrawn {
  published: boolean;
  requested: boolean;
}

function withdrawnBy(id: number | null, recipe: CreatorRecipe | undefined): Withdrawn {
  if (id === null) return { published: false, requested: false };
  // The editor loads the recipe before saving it; without it, assume the most.
  if (!recipe) return { published: true, requested: true };
  return { published: recipe.published, requested: recipe.request?.status === 'pending' };
}

/**
 * What saving an own recipe changes: the user's recipe list (the saved recipe itself is set from
 * the answer); what the edit withdrew: the administrator's request lists, and for a published
 * recipe the catalogue (lists and pages), saved recipes and the latest recipes of /home-beta.
 */
function refreshAfterSave(queryClient: QueryClient, withdrawn: Withdrawn) {
  const keys: readonly (readonly unknown[])[] = [
    queryKeys.userRecipes.list(),
    ...(withdrawn.requested || withdrawn.published ? [queryKeys.adminPublishRequests.all] : []),
    ...(withdrawn.published ? [queryKeys.catalogue.all, queryKeys.savedRecipes.all, queryKeys.homeBeta.all] : []),
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** POST /user-recipe-creator (create) or PUT /user-recipe-creator/{id} (edit); answers the saved recipe. */
export function useSaveRecipeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['creator', 'save'],
    // The recipe as the editor loaded it, before the save changes it.
    onMutate: ({ id }: { id: number | null; payload: UserRecipeIn }) =>
      withdrawnBy(id, id === null ? undefined : queryClient.getQueryData(userRecipeQueryOptions(id).queryKey)),
    mutationFn: async ({ id, payload }: { id: number | null; payload: UserRecipeIn }) => {
      // The form keeps a measurement and a treatment as free text; the server refuses one outside
      // its lists (a 422 naming the field).
      const body = payload as ApiBody<'/user-recipe-creator', 'post'>;
      const answer =
        id === null
          ? await api.post('/user-recipe-creator', body)
          : await api.put('/user-recipe-creator/{user_recipe_id}', body, { params: { user_recipe_id: id } });
      return answer.data;
    },
    onSuccess: async (recipe, _variables, withdrawn) => {
      queryClient.setQueryData(queryKeys.userRecipes.detail(recipe.user_recipe_id), recipe);
      await refreshAfterSave(queryClient, withdrawn);
    },
  });
}

/** The `error` text of a refused publish request (409 `{message, error, request}`), if any. */
export function publishErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { error?: unknown; message?: unknown } | null;
  if (body && typeof body.error === 'string' && body.error) return body.error;
  return error.message || null;
}

/**
 * POST /api/pwa/uploads (multipart field `file`) through the shared client (token, errors, sign-out
 * on a 401): stores a processed picture and answers its name.
 */
export async function uploadImage(image: Blob, filename = 'image.jpg'): Promise<string> {
  const form = new FormData();
  form.append('file', image, filename);
  const answer = await api.post('/uploads', form);
  if (typeof answer?.image !== 'string' || !answer.image) throw new ApiError(200, 'Upload failed', {}, answer);
  return answer.image;
}

export function useUploadImageMutation() {
  return useMutation({ mutationKey: ['creator', 'upload'], mutationFn: (image: Blob) => uploadImage(image) });
}
