import { http, HttpResponse } from 'msw';
import type { ShoppingList, StockPayload, Store, StoreItem, StoreUpdatePayload } from '@/shared/api';
import { apiUrl, server } from '@/test/server';

export function makeItem(id: number, overrides: Partial<StoreItem> = {}): StoreItem {
  return {
    id,
    value: String(100 + id),
    name: `Item ${id}`,
    quantity: 1,
    unit: 'unit',
    measurement: 'unit',
    default_unit: 'unit',
    default_quantity: 1,
    date_added: '2025-03-01T12:00:00Z',
    created_at: '2025-03-01T12:00:00Z',
    estimated_expiry_days: 14,
    category_id: null,
    image: null,
    checked: false,
    expiry_date: '2025-03-15',
    freshness: 'fresh',
    ...overrides,
  };
}

export function makeStore(id: number, overrides: Partial<Store> = {}): Store {
  return {
    id,
    name: `Store ${id}`,
    description: `Description ${id}`,
    kind: 'pantry',
    default: false,
    items: [],
    shared_with: [],
    updated_at: '2025-03-01T12:00:00Z',
    user_id: 1,
    owner_name: 'alice_cook',
    role: 'owner',
    expiring: 0,
    expired: 0,
    in_plan: 0,
    type: 'UserFoodStore',
    ...overrides,
  };
}

export function makeList(id: number, overrides: Partial<ShoppingList> = {}): ShoppingList {
  return {
    user_shoppinglist_id: id,
    user_id: 1,
    name: `List ${id}`,
    updated_at: '2025-03-01T12:00:00Z',
    owner_name: 'alice_cook',
    ingredients: [],
    shared_with: [],
    role: 'owner',
    ...overrides,
  };
}

export const CATEGORIES = [
  { value: 1, name: 'Dairy', kind: 'ingredient' },
  { value: 2, name: 'Vegetables', kind: 'ingredient' },
];

export const INGREDIENTS = [
  { value: 11, name: 'Milk', image: null, category_id: 1, default_unit: 'ml' },
  { value: 12, name: 'Carrot', image: null, category_id: 2, default_unit: 'unit' },
];

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A stateful fake of the store calls (and of the lists and option calls the store screens read):
 * answers like the server's, records every write in `calls`.
 */
export function fakeStoresServer(initial: Store[], options: { lists?: ShoppingList[] } = {}) {
  const state = {
    stores: initial.map((store) => ({ ...store, items: store.items.map((item) => ({ ...item })) })),
    lists: options.lists ?? [],
    calls: [] as Call[],
    nextItem: 500,
  };
  const find = (id: unknown) => state.stores.find((store) => store.id === Number(id));
  const notFound = () => HttpResponse.json({ message: 'Store not found.' }, { status: 404 });
  const record = (method: string, path: string, body: unknown = null) => state.calls.push({ method, path, body });

  server.use(
    http.get(apiUrl('/stores'), () => HttpResponse.json({ data: state.stores })),
    http.get(apiUrl('/stores/:id'), ({ params }) => {
      const store = find(params.id);
      return store ? HttpResponse.json({ data: store }) : notFound();
    }),
    http.post(apiUrl('/stores'), async ({ request }) => {
      const body = (await request.json()) as { name: string; description: string; kind: Store['kind'] };
      record('POST', '/stores', body);
      const store = makeStore(Math.max(0, ...state.stores.map((s) => s.id)) + 1, {
        ...body,
        default: state.stores.every((s) => s.role !== 'owner'),
      });
      state.stores.push(store);
      return HttpResponse.json({ data: store }, { status: 201 });
    }),
    http.put(apiUrl('/stores/:id'), async ({ params, request }) => {
      const body = (await request.json()) as StoreUpdatePayload;
      record('PUT', `/stores/${String(params.id)}`, body);
      const store = find(params.id);
      if (!store) return notFound();
      if (body.kind) store.kind = body.kind;
      for (const sent of body.items ?? []) {
        const row = store.items.find((item) => item.id === sent.id);
        if (row) {
          Object.assign(
            row,
            Object.fromEntries(Object.entries(sent).filter(([key, value]) => key !== 'id' && value !== undefined)),
          );
          continue;
        }
        const option = INGREDIENTS.find((ingredient) => String(ingredient.value) === String(sent.value));
        state.nextItem += 1;
        store.items.push(
          makeItem(state.nextItem, {
            value: option ? String(option.value) : `CUSTOM-${state.nextItem}`,
            name: option?.name ?? sent.name ?? '',
            category_id: option?.category_id ?? null,
            unit: option?.default_unit ?? 'unit',
          }),
        );
      }
      const gone = new Set(body.items_to_remove ?? []);
      store.items = store.items.filter((item) => !gone.has(item.id));
      return HttpResponse.json({ data: store });
    }),
    http.post(apiUrl('/stores/:id/items'), async ({ params, request }) => {
      const body = (await request.json()) as StockPayload;
      record('POST', `/stores/${String(params.id)}/items`, body);
      const store = find(params.id);
      if (!store) return notFound();
      if (store.role === 'viewer') return HttpResponse.json({ message: 'You may not change this store.' }, { status: 403 });
      for (const sent of body.items) {
        const option = INGREDIENTS.find((ingredient) => String(ingredient.value) === String(sent.value));
        const present = option && store.items.find((item) => item.value === String(option.value));
        if (present) {
          present.quantity += sent.quantity ?? 1;
          continue;
        }
        state.nextItem += 1;
        store.items.push(
          makeItem(state.nextItem, {
            value: option ? String(option.value) : `CUSTOM-${state.nextItem}`,
            name: option?.name ?? sent.name ?? '',
            category_id: option?.category_id ?? null,
            quantity: sent.quantity ?? 1,
            unit: sent.unit ?? option?.default_unit ?? 'unit',
          }),
        );
      }
      return HttpResponse.json({ data: store });
    }),
    http.delete(apiUrl('/stores/:id'), ({ params }) => {
      record('DELETE', `/stores/${String(params.id)}`);
      state.stores = state.stores.filter((store) => store.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.put(apiUrl('/share/default'), async ({ request }) => {
      const body = (await request.json()) as { entity_id: number };
      record('PUT', '/share/default', body);
      for (const store of state.stores) store.default = store.id === body.entity_id;
      return HttpResponse.json({ data: { id: body.entity_id, default: true } });
    }),
    http.put(apiUrl('/share'), async ({ request }) => {
      const body = (await request.json()) as {
        entity_id: number;
        shared_with?: { email: string; canEdit?: boolean }[];
        unshared_with?: ({ email: string } | string)[];
      };
      record('PUT', '/share', body);
      const store = find(body.entity_id);
      if (!store) return notFound();
      const gone = (body.unshared_with ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.email));
      const kept = store.shared_with.filter((entry) => !gone.includes(entry.email));
      for (const entry of body.shared_with ?? []) {
        const present = kept.find((row) => row.email === entry.email);
        if (present) present.canEdit = entry.canEdit ?? false;
        else kept.push({ email: entry.email, canEdit: entry.canEdit ?? false });
      }
      store.shared_with = kept;
      return HttpResponse.json({ data: { shared_with: kept } });
    }),
    http.put(apiUrl('/share/remove'), async ({ request }) => {
      const body = (await request.json()) as { entity_id: number };
      record('PUT', '/share/remove', body);
      state.stores = state.stores.filter((store) => store.id !== body.entity_id);
      return HttpResponse.json({ message: 'Removed.' });
    }),
    http.get(apiUrl('/user-shoppinglists'), () => HttpResponse.json({ data: state.lists })),
    http.post(apiUrl('/user-shoppinglists/:id/merge'), async ({ params, request }) => {
      const body = await request.json();
      record('POST', `/user-shoppinglists/${String(params.id)}/merge`, body);
      const list = state.lists.find((l) => l.user_shoppinglist_id === Number(params.id));
      return list ? HttpResponse.json({ data: list }) : HttpResponse.json({ message: 'Not found' }, { status: 404 });
    }),
    http.get('/api/form-options/ingredients', () => HttpResponse.json({ data: INGREDIENTS })),
    http.get('/api/form-options/categories', () => HttpResponse.json({ data: CATEGORIES })),
  );
  return state;
}
