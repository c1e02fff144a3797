import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MergePayload, ShoppingList } from '@/shared/api';
import { renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { itemName, listItemOf, SEND_TO_LIST_TEXTS, type SendableIngredient, SendToListDialog } from './index';

function makeList(id: number, overrides: Partial<ShoppingList> = {}): ShoppingList {
  return {
    user_shoppinglist_id: id,
    user_id: 1,
    name: `List ${id}`,
    ingredients: [],
    owner_name: 'alice_cook',
    role: 'owner',
    shared_with: [],
    updated_at: '2025-03-01T12:00:00Z',
    ...overrides,
  };
}

const lentils: SendableIngredient = { key: '1', label: '2 cups Lentils', item: { value: 7, quantity: 2, unit: 'cup(s)' } };
const salt: SendableIngredient = { key: '2', label: 'Salt', item: { value: 9 } };
const herbs: SendableIngredient = { key: '3', label: 'a handful of herbs', item: { name: 'a handful of herbs' } };

let merges: { id: string; body: MergePayload }[] = [];

beforeEach(() => {
  merges = [];
  server.use(
    http.post(apiUrl('/user-shoppinglists/:id/merge'), async ({ params, request }) => {
      merges.push({ id: String(params.id), body: (await request.json()) as MergePayload });
      return HttpResponse.json({ data: makeList(Number(params.id)) });
    }),
  );
});

function serveLists(lists: ShoppingList[]) {
  server.use(http.get(apiUrl('/user-shoppinglists'), () => HttpResponse.json({ data: lists })));
}

function renderDialog(ingredients: SendableIngredient[] = [lentils, salt, herbs]) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(
    <MemoryRouter>
      <SendToListDialog ingredients={ingredients} opened onClose={onClose} />
    </MemoryRouter>,
  );
  return { ...rendered, onClose };
}

const listSelect = () => screen.findByRole('combobox', { name: SEND_TO_LIST_TEXTS.list });
const sendButton = () => screen.getByRole('button', { name: SEND_TO_LIST_TEXTS.send });

describe('SendToListDialog', () => {
  it('offers the lists the user may change, with every ingredient ticked, and sends once a list is chosen', async () => {
    serveLists([
      makeList(1, { name: 'Weekly shop' }),
      makeList(2, { name: 'Party', role: 'editor' }),
      makeList(3, { name: 'Read only', role: 'viewer' }),
    ]);
    const { user, onClose, queryClient } = renderDialog();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const select = await listSelect();
    expect([...(select as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      SEND_TO_LIST_TEXTS.chooseList,
      'Weekly shop',
      'Party',
    ]);
    const boxes = within(screen.getByRole('list', { name: SEND_TO_LIST_TEXTS.ingredients })).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true]);
    expect(sendButton()).toBeDisabled();
    await user.selectOptions(select, 'Party');
    await user.click(sendButton());
    expect(await screen.findByText(SEND_TO_LIST_TEXTS.sent)).toBeInTheDocument();
    expect(merges).toEqual([
      {
        id: '2',
        body: { ingredients: [{ value: 7, quantity: 2, unit: 'cup(s)' }, { value: 9 }, { name: 'a handful of herbs' }] },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
    // The list itself is set from the merge's answer; the overview and the dashboard's counts are fetched again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['shopping-lists', 'list'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['dashboard'] });
    expect(queryClient.getQueryData(['shopping-lists', 'detail', 2])).toMatchObject({ shopping_list: { user_shoppinglist_id: 2 } });
  });

  it('sends only the ticked ingredients, and nothing once none is ticked', async () => {
    serveLists([makeList(1, { name: 'Weekly shop' })]);
    const { user } = renderDialog();
    await user.selectOptions(await listSelect(), 'Weekly shop');
    await user.click(screen.getByRole('checkbox', { name: 'Salt' }));
    await user.click(screen.getByRole('checkbox', { name: '2 cups Lentils' }));
    await user.click(screen.getByRole('checkbox', { name: 'a handful of herbs' }));
    expect(sendButton()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'a handful of herbs' }));
    await user.click(sendButton());
    await waitFor(() => expect(merges).toHaveLength(1));
    expect(merges[0]!.body).toEqual({ ingredients: [{ name: 'a handful of herbs' }] });
  });

  it("leaves out lines with nothing to send, and says so when none is left", async () => {
    serveLists([makeList(1, { name: 'Weekly shop' })]);
    const { user } = renderDialog([{ key: '0', label: '  ', item: { name: '  ' } }]);
    await user.selectOptions(await listSelect(), 'Weekly shop');
    expect(screen.getByText(SEND_TO_LIST_TEXTS.noIngredients)).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
  });

  it("shows the server's reason when it refuses, and stays open", async () => {
    serveLists([makeList(1, { name: 'Weekly shop' })]);
    server.use(
      http.post(apiUrl('/user-shoppinglists/1/merge'), () =>
        HttpResponse.json({ message: 'Validation failed', errors: { ingredients: ['Unknown ingredient 7.'] } }, { status: 422 }),
      ),
    );
    const { user, onClose } = renderDialog();
    await user.selectOptions(await listSelect(), 'Weekly shop');
    await user.click(sendButton());
    expect(await screen.findByText('Unknown ingredient 7.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the failure toast when the list cannot be reached', async () => {
    serveLists([makeList(1, { name: 'Weekly shop' })]);
    server.use(
      http.post(apiUrl('/user-shoppinglists/1/merge'), () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
    );
    const { user } = renderDialog();
    await user.selectOptions(await listSelect(), 'Weekly shop');
    await user.click(sendButton());
    expect(await screen.findByText(SEND_TO_LIST_TEXTS.failed)).toBeInTheDocument();
  });

  it('offers to create a list when the user has none they may change', async () => {
    serveLists([makeList(3, { role: 'viewer' })]);
    const { user, onClose } = renderDialog();
    const create = await screen.findByRole('link', { name: SEND_TO_LIST_TEXTS.create });
    expect(create).toHaveAttribute('href', '/user-shopping-lists/create');
    expect(screen.queryByRole('button', { name: SEND_TO_LIST_TEXTS.send })).not.toBeInTheDocument();
    await user.click(create);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says so when the lists cannot be loaded', async () => {
    server.use(http.get(apiUrl('/user-shoppinglists'), () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
    renderDialog();
    expect(await screen.findByRole('alert')).toHaveTextContent(SEND_TO_LIST_TEXTS.loadFailed);
  });
});

describe('listItemOf', () => {
  it('sends a catalogue ingredient by id with its amount and a unit the list knows', () => {
    expect(listItemOf({ ingredientId: 7, name: 'Lentils', quantity: 2, measurement: 'cup(s)' })).toEqual({
      value: 7,
      quantity: 2,
      unit: 'cup(s)',
    });
    expect(listItemOf({ ingredientId: 7, name: 'Lentils', quantity: '0.25', measurement: 'tsp' })).toEqual({
      value: 7,
      quantity: 0.25,
      unit: 'tsp',
    });
  });

  it('leaves out an amount that is not above 0 and a unit the list does not know', () => {
    expect(listItemOf({ ingredientId: 7, name: 'Salt', quantity: 0, measurement: 'pinch' })).toEqual({ value: 7 });
    expect(listItemOf({ ingredientId: 7, name: 'Salt', quantity: 'some', measurement: '' })).toEqual({ value: 7 });
  });

  it('sends anything else by its name, on one line and at most 100 characters', () => {
    expect(listItemOf({ ingredientId: null, name: 'Gran’s\tspice\nmix', quantity: 1, measurement: 'tbsp' })).toEqual({
      name: 'Gran’s spice mix',
      quantity: 1,
      unit: 'tbsp',
    });
    expect(itemName(`${'a'.repeat(99)}😀😀`)).toBe(`${'a'.repeat(99)}😀`);
  });
});
