import { http, HttpResponse } from 'msw';
import type { ShoppingList, ShoppingListItem, Store } from '@/shared/api';
import { apiUrl, server, testUser } from '@/test/server';

export const CATEGORIES = [
  { value: 4, name: 'Vegetables', kind: 'ingredient' },
  { value: 7, name: 'Dairy', kind: 'ingredient' },
];

export const INGREDIENTS = [
  { value: 1, name: 'Tomato', image: null, category_id: 4, default_unit: 'unit' },
  { value: 2, name: 'Milk', image: null, category_id: 7, default_unit: 'ml' },
  { value: 3, name: 'Carrot', image: null, category_id: 4, default_unit: 'unit' },
  { value: 5, name: 'Salt', image: null, category_id: null, default_unit: 'g' },
];

export function makeItem(value: string, overrides: Partial<ShoppingListItem> = {}): ShoppingListItem {
  const option = INGREDIENTS.find((item) => String(item.value) === value);
  return {
    value,
    name: option?.name ?? `Item ${value}`,
    quantity: 1,
    unit: option?.default_unit ?? 'unit',
    measurement: option?.default_unit ?? 'unit',
    default_unit: option?.default_unit ?? 'unit',
    default_quantity: 1,
    image: null,
    checked: false,
    date_added: '2025-03-01T10:00:00Z',
    category_id: option ? option.category_id : null,
    ...overrides,
  };
}

export function makeList(id: number, overrides: Partial<ShoppingList> = {}): ShoppingList {
  return {
    user_shoppinglist_id: id,
    user_id: testUser.id,
    name: `List ${id}`,
    updated_at: '2025-03-01T10:00:00Z',
    owner_name: testUser.name,
    ingredients: [],
    shared_with: [],
    role: 'owner',
    ...overrides,
  };
}

export function makeStore(id: number, overrides: Partial<Store> = {}): Store {
  return {
    id,
    name: `Store ${id}`,
    description: 'A store',
    kind: 'pantry',
    default: false,
    items: [],
    shared_with: [],
    updated_at: '2025-03-01T10:00:00Z',
    user_id: testUser.id,
    owner_name: testUser.name,
    role: 'owner',
    expiring: 0,
    expired: 0,
    in_plan: 0,
    type: 'UserFoodStore',
    ...overrides,
  };
}

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A small in-memory server for the shopping screens: lists, stores and the option lists. PUT
 * applies changed items and removals; POST /complete answers as the real one does (and counts).
 */
export function installShoppingServer(options: { lists?: ShoppingList[]; stores?: Store[] } = {}) {
  const lists = new Map((options.lists ?? []).map((list) => [list.user_shoppinglist_id, structuredClone(list)]));
  const stores = options.stores ?? [];
  const sent: Sent[] = [];
  let nextId = 100;
  let customId = 1;
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'DELETE' ? null : await request.clone().json();
    sent.push({ method: request.method, path: url.pathname.replace('/api/pwa', ''), body });
    return body as Record<string, unknown> | null;
  };
  server.use(
    http.get('/api/form-options/ingredients', () => HttpResponse.json({ data: INGREDIENTS })),
    http.get('/api/form-options/categories', () => HttpResponse.json({ data: CATEGORIES })),
    http.get(apiUrl('/stores'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ data: stores });
    }),
    http.get(apiUrl('/user-shoppinglists'), async ({ request }) => {
      await record(request);
      return HttpResponse.json({ data: [...lists.values()] });
    }),
    http.post(apiUrl('/user-shoppinglists'), async ({ request }) => {
      const body = (await record(request)) as { name: string };
      const list = makeList(nextId++, { name: body.name.trim() });
      lists.set(list.user_shoppinglist_id, list);
      return HttpResponse.json({ data: list }, { status: 201 });
    }),
    http.get(apiUrl('/user-shoppinglists/:id'), async ({ request, params }) => {
      await record(request);
      const list = lists.get(Number(params.id));
      if (!list) return HttpResponse.json({ message: 'Shopping list not found.' }, { status: 404 });
      return HttpResponse.json({ shopping_list: list });
    }),
    http.put(apiUrl('/user-shoppinglists/:id'), async ({ request, params }) => {
      const body = (await record(request)) as {
        ingredients?: { value?: string | number; name?: string; quantity?: number; change?: number; unit?: string }[];
        ingredients_to_remove?: string[];
      };
      const list = lists.get(Number(params.id));
      if (!list) return HttpResponse.json({ message: 'Shopping list not found.' }, { status: 404 });
      const removed = new Set(body.ingredients_to_remove ?? []);
      list.ingredients = list.ingredients.filter((item) => !removed.has(item.value));
      for (const sentItem of body.ingredients ?? []) {
        const value = sentItem.value === undefined ? `CUSTOM-${customId++}` : String(sentItem.value);
        const present = list.ingredients.find((item) => item.value === value);
        if (present) {
          if (sentItem.quantity !== undefined) present.quantity = sentItem.quantity;
          // a step is added to what the list holds, never below 1 (as the server does)
          if (sentItem.change !== undefined) present.quantity = Math.max(1, present.quantity + sentItem.change);
          // a unit chosen alone: g and kg convert (the server converts every kind)
          if (sentItem.unit !== undefined && sentItem.quantity === undefined) {
            if (present.unit === 'g' && sentItem.unit === 'kg') present.quantity /= 1000;
            if (present.unit === 'kg' && sentItem.unit === 'g') present.quantity *= 1000;
          }
          if (sentItem.unit !== undefined) present.unit = present.measurement = sentItem.unit;
        } else {
          list.ingredients.push(
            makeItem(value, {
              quantity: sentItem.quantity ?? 1,
              ...(sentItem.name ? { name: sentItem.name, category_id: null } : {}),
            }),
          );
        }
      }
      return HttpResponse.json({ data: list });
    }),
    http.delete(apiUrl('/user-shoppinglists/:id'), async ({ request, params }) => {
      await record(request);
      lists.delete(Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.put(apiUrl('/share'), async ({ request }) => {
      const body = (await record(request)) as {
        entity_id: number;
        shared_with?: { email: string; canEdit?: boolean }[];
        unshared_with?: ({ email: string } | string)[];
      };
      const list = lists.get(body.entity_id);
      if (!list) return HttpResponse.json({ message: 'Shopping list not found.' }, { status: 404 });
      const gone = (body.unshared_with ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.email));
      const kept = list.shared_with.filter((entry) => !gone.includes(entry.email));
      for (const entry of body.shared_with ?? []) {
        const present = kept.find((row) => row.email === entry.email);
        if (present) present.canEdit = entry.canEdit ?? false;
        else kept.push({ email: entry.email, canEdit: entry.canEdit ?? false });
      }
      list.shared_with = kept;
      return HttpResponse.json({ data: { shared_with: kept } });
    }),
    // The merge rule for the amounts these tests use: the same unit adds up; kg and g convert.
    http.post(apiUrl('/user-shoppinglists/:id/merge'), async ({ request, params }) => {
      const body = (await record(request)) as { ingredients: { value?: string | number; quantity: number; unit?: string }[] };
      const list = lists.get(Number(params.id));
      if (!list) return HttpResponse.json({ message: 'Shopping list not found.' }, { status: 404 });
      for (const sentItem of body.ingredients) {
        const present = list.ingredients.find((item) => item.value === String(sentItem.value));
        const grams = (quantity: number, unit: string) => (unit === 'kg' ? quantity * 1000 : quantity);
        if (present && sentItem.unit && sentItem.unit !== present.unit) {
          present.quantity = (grams(present.quantity, present.unit) + grams(sentItem.quantity, sentItem.unit)) / 1000;
          present.unit = 'kg';
          present.measurement = 'kg';
        } else if (present) present.quantity += sentItem.quantity;
        else list.ingredients.push(makeItem(String(sentItem.value), { quantity: sentItem.quantity, unit: sentItem.unit ?? 'unit' }));
      }
      return HttpResponse.json({ data: list });
    }),
    http.post(apiUrl('/user-shoppinglists/:id/complete'), async ({ request, params }) => {
      const body = (await record(request)) as {
        request_id: string;
        checked: string[];
        store_id: number | null;
        move_unchecked_to: number | null;
        delete_list: boolean;
      };
      const list = lists.get(Number(params.id));
      if (!list) return HttpResponse.json({ message: 'Shopping list not found.' }, { status: 404 });
      const unchecked = list.ingredients.filter((item) => !body.checked.includes(item.value));
      if (body.delete_list) lists.delete(list.user_shoppinglist_id);
      else list.ingredients = body.move_unchecked_to ? [] : unchecked;
      return HttpResponse.json({
        data: {
          request_id: body.request_id,
          stored: body.checked.length,
          store_id: body.store_id,
          moved: body.move_unchecked_to ? unchecked.length : 0,
          moved_to: body.move_unchecked_to,
          list_deleted: body.delete_list,
        },
      });
    }),
  );
  return {
    lists,
    sent,
    /** The writes sent (GETs left out). */
    writes: () => sent.filter((request) => request.method !== 'GET'),
    gets: (path: string) => sent.filter((request) => request.method === 'GET' && request.path === path).length,
  };
}
