import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '@/shared/api';
import { clearSession, getToken } from '@/shared/session';
import { postPublishRequest, type UserRecipeIn, type UserRecipeOut, type ValidateResult } from '@/shared/recipe';
import type { IngredientOption, OptionItem } from './types';

export const creatorKeys = {
  all: ['creator'] as const,
  options: (kind: 'categories' | 'ingredients') => ['creator', 'form-options', kind] as const,
  recipe: (id: number) => ['creator', 'user-recipe', id] as const,
  nameCheck: (name: string, userRecipeId: number | null) => ['creator', 'name-check', name, userRecipeId] as const,
  publishCheck: (payload: UserRecipeIn) => ['creator', 'publish-check', payload] as const,
};

const FORM_OPTIONS = { base: '/api' } as const;

/** GET /api/form-options/categories: the recipe categories (only those of kind recipe, if told). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: creatorKeys.options('categories'),
    queryFn: ({ signal }) => api.get<{ data: OptionItem[] }>('/form-options/categories', { ...FORM_OPTIONS, signal }),
    select: (answer) => answer.data.filter((option) => !option.kind || option.kind === 'recipe'),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/form-options/ingredients: the catalogue ingredients (value, name, image, default_unit). */
export function useIngredientOptions() {
  return useQuery({
    queryKey: creatorKeys.options('ingredients'),
    queryFn: ({ signal }) =>
      api.get<{ data: IngredientOption[] }>('/form-options/ingredients', { ...FORM_OPTIONS, signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
}

/** GET /user-recipe-creator/{id}: an own recipe to edit (always fetched fresh). */
export function userRecipeQueryOptions(id: number) {
  return queryOptions({
    queryKey: creatorKeys.recipe(id),
    queryFn: ({ signal }) => api.get<UserRecipeOut>(`/user-recipe-creator/${id}`, { signal }),
    staleTime: 0,
  });
}

export function useUserRecipe(id: number) {
  return useQuery({ ...userRecipeQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/** POST /user-recipe-validate: the publish check of a draft. */
export function validateRecipe(payload: Partial<UserRecipeIn>, signal?: AbortSignal): Promise<ValidateResult> {
  return api.post<ValidateResult>('/user-recipe-validate', payload, { signal });
}

/** Whether `name` is taken (another catalogue recipe or another user's recipe); checked when `name` is set. */
export function useNameTaken(name: string, userRecipeId: number | null) {
  return useQuery({
    queryKey: creatorKeys.nameCheck(name, userRecipeId),
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
    queryKey: creatorKeys.publishCheck(payload),
    queryFn: ({ signal }) => validateRecipe(payload, signal),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /user-recipe-creator (create) or PUT /user-recipe-creator/{id} (edit); answers the saved recipe. */
export function useSaveRecipeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['creator', 'save'],
    mutationFn: async ({ id, payload }: { id: number | null; payload: UserRecipeIn }) => {
      const answer =
        id === null
          ? await api.post<{ data: UserRecipeOut }>('/user-recipe-creator', payload)
          : await api.put<{ data: UserRecipeOut }>(`/user-recipe-creator/${id}`, payload);
      return answer.data;
    },
    onSuccess: async (recipe) => {
      queryClient.setQueryData(creatorKeys.recipe(recipe.user_recipe_id), recipe);
      // The cookbook, the own recipe viewer and (after an edit withdrew it) the catalogue change too.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'creator' });
    },
  });
}

/** POST /publish-requests/ {entity_id, entity_type: 'UserRecipe'}; a refused check answers 422 with `error`. */
export function usePublishRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['creator', 'publish'],
    mutationFn: async (userRecipeId: number) => {
      const answer = await postPublishRequest(userRecipeId);
      return answer.data;
    },
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'creator' }),
  });
}

/** The `error` text of a refused publish request (422 `{message, error, request}`), if any. */
export function publishErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { error?: unknown; message?: unknown } | null;
  if (body && typeof body.error === 'string' && body.error) return body.error;
  return error.message || null;
}

/**
 * POST /api/pwa/uploads (multipart field `file`): stores a processed picture and answers its name.
 * The shared client speaks JSON only, so this one call builds its own request (same token, same
 * error shape, same sign-out on a 401).
 */
export async function uploadImage(image: Blob, filename = 'image.jpg'): Promise<string> {
  const form = new FormData();
  form.append('file', image, filename);
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(new URL(`${API_BASE}/uploads`, window.location.origin).toString(), {
      method: 'POST',
      headers,
      body: form,
    });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    body = text;
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (!response.ok) {
    if (response.status === 401 && token) clearSession();
    const message =
      typeof record.message === 'string' && record.message ? record.message : `Upload failed (${response.status})`;
    throw new ApiError(response.status, message, {}, body);
  }
  if (typeof record.image !== 'string' || !record.image) throw new ApiError(response.status, 'Upload failed', {}, body);
  return record.image;
}

export function useUploadImageMutation() {
  return useMutation({ mutationKey: ['creator', 'upload'], mutationFn: (image: Blob) => uploadImage(image) });
}
