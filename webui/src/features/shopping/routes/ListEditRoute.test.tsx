import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fill, renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { installShoppingServer, makeItem, makeList } from '../testData';

const quantityOf = (name: string) => {
  const row = screen.getByRole('button', { name: `more ${name}` }).closest('li') as HTMLElement;
  return within(row).getByTestId('item-quantity').textContent;
};

describe('/user-shopping-lists/edit/{id}', () => {
  it('is titled with the list name and adds a catalogue item (quantity 1 by the server)', async () => {
    signIn();
    const backend = installShoppingServer({ lists: [makeList(3, { name: 'Weekly shop' })] });
    const { user } = renderApp('/user-shopping-lists/edit/3');
    expect(await screen.findByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'add items' }), 'toma');
    await user.click(await screen.findByRole('option', { name: 'Tomato' }));
    expect(await screen.findByRole('button', { name: 'more Tomato' })).toBeInTheDocument();
    expect(backend.writes()).toEqual([
      { method: 'PUT', path: '/user-shoppinglists/3', body: { ingredients: [{ value: 1 }] } },
    ]);
    expect(quantityOf('Tomato')).toBe('1');
  });

  it('adding an item already there raises its quantity by its default quantity', async () => {
    signIn();
    const backend = installShoppingServer({
      lists: [makeList(3, { ingredients: [makeItem('2', { quantity: 500, default_quantity: 250, unit: 'ml' })] })],
    });
    const { user } = renderApp('/user-shopping-lists/edit/3');
    await fill(user, await screen.findByRole('textbox', { name: 'add items' }), 'milk');
    await user.click(await screen.findByRole('option', { name: 'Milk' }));
    await waitFor(() => expect(quantityOf('Milk')).toBe('750 ml'));
    expect(backend.writes()[0]!.body).toEqual({ ingredients: [{ value: '2', change: 250 }] });
  });

  it("'1 kg flour' typed in the search adds 1 kg to the 225 g listed, by the merge rule", async () => {
    signIn();
    const backend = installShoppingServer({
      lists: [makeList(3, { ingredients: [makeItem('2', { name: 'Milk', quantity: 225, unit: 'g' })] })],
    });
    const { user } = renderApp('/user-shopping-lists/edit/3');
    await fill(user, await screen.findByRole('textbox', { name: 'add items' }), '1 kg milk');
    expect(await screen.findByText(/Adds 1 kg\./)).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Milk' }));
    await waitFor(() => expect(quantityOf('Milk')).toBe('1.225 kg'));
    expect(backend.writes()).toEqual([
      { method: 'POST', path: '/user-shoppinglists/3/merge', body: { ingredients: [{ value: 2, quantity: 1, unit: 'kg' }] } },
    ]);
  });

  it("an item's amount opens a quantity box (at least 1) and the units of its kind; a unit alone converts", async () => {
    signIn();
    const backend = installShoppingServer({
      lists: [makeList(3, { ingredients: [makeItem('2', { name: 'Milk', quantity: 500, unit: 'g' })] })],
    });
    const { user } = renderApp('/user-shopping-lists/edit/3');
    await user.click(await screen.findByRole('button', { name: 'amount of Milk' }));
    expect(
      within(screen.getByRole('combobox', { name: 'unit of Milk' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['kg', 'g', 'mg']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'unit of Milk' }), 'kg');
    await user.click(screen.getByRole('button', { name: 'set' }));
    await waitFor(() => expect(quantityOf('Milk')).toBe('½ kg'));
    await user.click(screen.getByRole('button', { name: 'amount of Milk' }));
    const box = screen.getByRole('textbox', { name: 'quantity of Milk' });
    // the ½ kg a conversion left is no typed quantity: nothing to correct
    expect(screen.queryByText('A quantity from 1 to 100000.')).not.toBeInTheDocument();
    await fill(user, box, '0.25');
    expect(screen.getByText('A quantity from 1 to 100000.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'set' })).toBeDisabled();
    await fill(user, box, '2');
    await user.click(screen.getByRole('button', { name: 'set' }));
    await waitFor(() => expect(quantityOf('Milk')).toBe('2 kg'));
    expect(backend.writes().map((write) => write.body)).toEqual([
      { ingredients: [{ value: '2', unit: 'kg' }] },
      { ingredients: [{ value: '2', quantity: 2 }] },
    ]);
  });

  it('makes a custom item only when nothing matches, and adds to a custom item of the same name', async () => {
    signIn();
    const backend = installShoppingServer({ lists: [makeList(3)] });
    const { user } = renderApp('/user-shopping-lists/edit/3');
    const search = await screen.findByRole('textbox', { name: 'add items' });
    const custom = screen.getByRole('button', { name: 'create custom item' });
    await fill(user, search, 'tom');
    expect(custom).toBeDisabled();
    await fill(user, search, 'Birthday candles');
    await waitFor(() => expect(custom).toBeEnabled());
    await user.click(custom);
    expect(await screen.findByRole('button', { name: 'more Birthday candles' })).toBeInTheDocument();
    expect(backend.writes()[0]!.body).toEqual({ ingredients: [{ name: 'Birthday candles' }] });

    await fill(user, search, 'birthday candles');
    await user.click(screen.getByRole('button', { name: 'create custom item' }));
    await waitFor(() => expect(quantityOf('Birthday candles')).toBe('2'));
    expect(backend.writes()[1]!.body).toEqual({ ingredients: [{ value: 'CUSTOM-1', change: 1 }] });
  });

  it('steps quantities by the default quantity (never below 1) and removes items, each change sent at once', async () => {
    signIn();
    const backend = installShoppingServer({
      lists: [makeList(3, { ingredients: [makeItem('1', { quantity: 1, default_quantity: 2 })] })],
    });
    const { user } = renderApp('/user-shopping-lists/edit/3');
    const less = await screen.findByRole('button', { name: 'less Tomato' });
    expect(less).toBeDisabled();
    const more = screen.getByRole('button', { name: 'more Tomato' });
    await user.click(more);
    await user.click(more);
    await waitFor(() => expect(quantityOf('Tomato')).toBe('5'));
    await waitFor(() => expect(backend.writes()).toHaveLength(2));
    await user.click(less);
    await waitFor(() => expect(quantityOf('Tomato')).toBe('3'));
    await waitFor(() => expect(backend.writes()).toHaveLength(3));
    expect(backend.writes().map((write) => write.body)).toEqual([
      // steps, which the server adds to what it holds
      { ingredients: [{ value: '1', change: 2 }] },
      { ingredients: [{ value: '1', change: 2 }] },
      { ingredients: [{ value: '1', change: -2 }] },
    ]);
    await user.click(screen.getByRole('button', { name: 'remove Tomato' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'more Tomato' })).not.toBeInTheDocument());
    expect(backend.writes()[3]!.body).toEqual({ ingredients_to_remove: ['1'] });
    expect(await screen.findByText('Nothing on this list yet: search above to add items.')).toBeInTheDocument();
  });

  it('shows a spinner while a change is saving', async () => {
    signIn();
    installShoppingServer({ lists: [makeList(3, { ingredients: [makeItem('1')] })] });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.put(apiUrl('/user-shoppinglists/3'), async () => {
        await held;
        await delay(0);
        return HttpResponse.json({ data: makeList(3, { ingredients: [makeItem('1', { quantity: 2 })] }) });
      }),
    );
    const { user } = renderApp('/user-shopping-lists/edit/3');
    await user.click(await screen.findByRole('button', { name: 'more Tomato' }));
    expect(await screen.findByLabelText('saving')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByLabelText('saving')).not.toBeInTheDocument());
    expect(quantityOf('Tomato')).toBe('2');
  });

  it('a failed change is logged only, and the list fetched again', async () => {
    signIn();
    const backend = installShoppingServer({ lists: [makeList(3, { ingredients: [makeItem('1')] })] });
    server.use(
      http.put(apiUrl('/user-shoppinglists/3'), () =>
        HttpResponse.json({ message: 'The quantity must be at least 1.' }, { status: 422 }),
      ),
    );
    const { user } = renderApp('/user-shopping-lists/edit/3');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'more Tomato' }));
    await waitFor(() => expect(backend.gets('/user-shoppinglists/3')).toBe(2));
    await waitFor(() => expect(quantityOf('Tomato')).toBe('1'));
    expect(logged).toHaveBeenCalledWith('Saving the shopping list failed', expect.anything());
    expect(screen.queryByText('The quantity must be at least 1.')).not.toBeInTheDocument();
  });

  it('a viewer sees no search and no item controls', async () => {
    signIn();
    installShoppingServer({ lists: [makeList(3, { role: 'viewer', user_id: 8, ingredients: [makeItem('1')] })] });
    renderApp('/user-shopping-lists/edit/3');
    expect(await screen.findByText('You can view this list but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'add items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'more Tomato' })).not.toBeInTheDocument();
  });
});
