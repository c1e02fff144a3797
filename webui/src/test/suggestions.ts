import { http, HttpResponse } from 'msw';
import type { RecipeSuggestion, RecipeSuggestionsPayload } from '@/shared/api';
import { apiUrl, server } from './server';

/** A catalogue recipe suggested with two of three lines at home and `missing` (Bacon) to buy. */
export function makeSuggestion(id: number, name: string, overrides: Partial<RecipeSuggestion> = {}): RecipeSuggestion {
  const missing = overrides.missing ?? [{ name: 'Bacon', ingredient_id: 40, quantity: 200, measurement: 'g' }];
  return {
    kind: 'catalogue',
    recipe_id: id,
    name,
    image: null,
    at_home: 2,
    counted: 2 + missing.length,
    missing,
    uses: [],
    score: 0.5,
    summary: `2 of ${2 + missing.length} ingredients at home`,
    entry: { name, value: id, image: null, type: '4' },
    ...overrides,
  };
}

/**
 * POST /recipe-suggestions answers `answer` (or what it makes of the body: suggestions, or a
 * response, possibly still to come); every body sent is recorded, in order.
 */
export function serveSuggestions(
  answer: RecipeSuggestion[] | ((body: RecipeSuggestionsPayload) => RecipeSuggestion[] | Response | Promise<Response>),
) {
  const bodies: RecipeSuggestionsPayload[] = [];
  server.use(
    http.post(apiUrl('/recipe-suggestions'), async ({ request }) => {
      const body = (await request.json()) as RecipeSuggestionsPayload;
      bodies.push(body);
      const result = await (typeof answer === 'function' ? answer(body) : answer);
      return result instanceof Response ? result : HttpResponse.json({ data: result });
    }),
  );
  return bodies;
}
