import { describe, expectTypeOf, it } from 'vitest';
import { api } from './client';
import type { ShoppingList } from './wire';

// Type-level checks, run by `npm run typecheck`: the client takes only the schema's paths, their
// `{names}` and bodies, and answers what the schema says.
describe('the api client typed by the schema', () => {
  it('answers the type of the path and method', () => {
    expectTypeOf(() => api.get('/user-shoppinglists')).returns.resolves.toEqualTypeOf<{ data: ShoppingList[] }>();
    expectTypeOf(() => api.get('/user-shoppinglists/{list_id}', { params: { list_id: 1 } }))
      .returns.resolves.toEqualTypeOf<{ shopping_list: ShoppingList }>();
    expectTypeOf(() => api.delete('/user-shoppinglists/{list_id}', { params: { list_id: 1 } }))
      .returns.resolves.toBeNull();
    expectTypeOf(() => api.post('/user-shoppinglists/{list_id}/merge', { ingredients: [] }, { params: { list_id: 1 } }))
      .returns.resolves.toEqualTypeOf<{ data: ShoppingList }>();
  });

  it('refuses a wrong path, a missing or wrong {name}, a wrong body and a field the answer has not', () => {
    // @ts-expect-error no such path
    void (() => api.get('/user-shopinglists'));
    // @ts-expect-error no GET on this path
    void (() => api.get('/user-shoppinglists/{list_id}/merge', { params: { list_id: 1 } }));
    // @ts-expect-error the path's {list_id} is required
    void (() => api.get('/user-shoppinglists/{list_id}'));
    // @ts-expect-error the path has no {id}
    void (() => api.get('/user-shoppinglists/{list_id}', { params: { id: 1 } }));
    // @ts-expect-error the merge takes `ingredients`
    void (() => api.post('/user-shoppinglists/{list_id}/merge', { items: [] }, { params: { list_id: 1 } }));
    void (async () => {
      const answer = await api.get('/user-shoppinglists');
      // @ts-expect-error the overview answers `data`, not `lists`
      void answer.lists;
    });
    // @ts-expect-error a query the endpoint does not take
    void (() => api.get('/recipes', { query: { pages: 1 } }));
  });
});
