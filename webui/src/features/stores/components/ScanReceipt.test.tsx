import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fill, renderApp, signIn } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { ScanLine } from '../api/receiptScan';
import { SCAN_TEXTS } from '../lib/scan';
import { fakeStoresServer, INGREDIENTS, makeStore } from '../testData';

const MILK = INGREDIENTS[0]!;

function line(name: string, overrides: Partial<ScanLine> = {}): ScanLine {
  return {
    name,
    matchedItem: null,
    quantity: 1,
    unit: 'unit(s)',
    price: 1.99,
    currency: '€',
    sku: null,
    checked: false,
    ...overrides,
  };
}

const MILK_LINE = line('VOLLMILCH 3,5% 1L', { matchedItem: MILK, unit: 'ml', checked: true, price: 1.15 });
const CANDLE_LINE = line('TEELICHTER 50ST', { price: 2.49 });

interface ScanCall {
  multipart: boolean;
  field: string | null;
  type: string | null;
}

/**
 * The receipt-scan calls: POST /receipt-scan answers `answer` (or waits for `gate` first) and
 * records the uploaded file; POST /receipt-scan/matches records the learned matches.
 */
function fakeScanServer(
  answer: () => Response,
  options: { gate?: Promise<void>; matchesStatus?: number } = {},
) {
  const state = { scans: [] as ScanCall[], matches: [] as unknown[] };
  server.use(
    http.post(apiUrl('/receipt-scan'), async ({ request }) => {
      const form = await request.formData();
      // jsdom's File does not cross into Node's multipart encoder with its bytes and name (a browser's
      // does): the part and its type are what can be checked here.
      const file = form.get('file') as { type?: string } | string | null;
      state.scans.push({
        multipart: (request.headers.get('content-type') ?? '').startsWith('multipart/form-data; boundary='),
        field: file === null ? null : 'file',
        type: typeof file === 'object' ? (file?.type ?? null) : null,
      });
      if (options.gate) await options.gate;
      return answer();
    }),
    http.post(apiUrl('/receipt-scan/matches'), async ({ request }) => {
      state.matches.push(await request.json());
      const status = options.matchesStatus ?? 204;
      return status === 204
        ? new HttpResponse(null, { status })
        : HttpResponse.json({ message: 'Server error' }, { status });
    }),
  );
  return state;
}

const linesAnswer = (lines: ScanLine[]) => () => HttpResponse.json({ data: lines });
const photo = () => new File(['jpeg bytes'], 'receipt.jpg', { type: 'image/jpeg' });

async function scan(user: ReturnType<typeof renderApp>['user']) {
  await user.upload(await screen.findByLabelText('receipt photo'), photo());
}

async function scanIntoDialog(
  path: string,
  stores = [makeStore(1, { name: 'Pantry', default: true })],
  lines = [MILK_LINE, CANDLE_LINE],
) {
  signIn();
  const backend = fakeStoresServer(stores);
  const scanner = fakeScanServer(linesAnswer(lines));
  const app = renderApp(path);
  await scan(app.user);
  const dialog = await screen.findByRole('dialog', { name: SCAN_TEXTS.title });
  return { ...app, backend, scanner, dialog };
}

const card = (dialog: HTMLElement, name: string) => within(dialog).getByRole('listitem', { name: `Result: ${name}` });
const confirmButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: SCAN_TEXTS.confirm });

describe('Scan receipt', () => {
  it('opens the camera on phones: an image input with capture, behind the button', async () => {
    signIn();
    fakeStoresServer([makeStore(1, { name: 'Pantry', default: true })]);
    renderApp('/user-stores/1');
    expect(await screen.findByRole('button', { name: SCAN_TEXTS.button })).toBeEnabled();
    const input = screen.getByLabelText('receipt photo');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
  });

  it("posts the photo as `file`, shows 'Reading the receipt…' with the button disabled, then the results", async () => {
    signIn();
    fakeStoresServer([makeStore(1, { name: 'Pantry', default: true })]);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const scanner = fakeScanServer(linesAnswer([MILK_LINE]), { gate });
    const { user } = renderApp('/user-stores/1');
    await scan(user);

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(SCAN_TEXTS.reading);
    expect(screen.getByRole('button', { name: SCAN_TEXTS.button })).toBeDisabled();
    await waitFor(() => expect(scanner.scans).toEqual([{ multipart: true, field: 'file', type: 'image/jpeg' }]));

    open();
    const dialog = await screen.findByRole('dialog', { name: 'Scan Results' });
    expect(screen.queryByText(SCAN_TEXTS.reading)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: SCAN_TEXTS.button })).toBeEnabled();
    expect(within(dialog).getByText('Review and match items to add to your stores')).toBeInTheDocument();
  });

  it("shows each line as 'Result: {name}' with its match or 'No Matches Found.', ticked when matched", async () => {
    const { dialog } = await scanIntoDialog('/user-stores/1');
    const milk = card(dialog, 'VOLLMILCH 3,5% 1L');
    expect(within(milk).getByRole('checkbox', { name: 'Result: VOLLMILCH 3,5% 1L' })).toBeChecked();
    expect(within(milk).getByTestId('scan-match')).toHaveTextContent('Milk');
    expect(within(milk).getByTestId('scan-price')).toHaveTextContent('1.15 €');
    expect(within(milk).getByRole('textbox', { name: 'quantity' })).toHaveValue('1');
    expect(within(milk).getByRole('combobox', { name: 'unit' })).toHaveValue('ml');

    const candles = card(dialog, 'TEELICHTER 50ST');
    expect(within(candles).getByText('No Matches Found.')).toBeInTheDocument();
    // Nothing to put in a store yet: the tick waits for a match or a custom item.
    expect(within(candles).getByRole('checkbox', { name: 'Result: TEELICHTER 50ST' })).not.toBeChecked();
    expect(within(candles).getByRole('checkbox', { name: 'Result: TEELICHTER 50ST' })).toBeDisabled();

    // The unit select offers the 10 measurement units of the spec.
    const units = within(within(candles).getByRole('combobox', { name: 'unit' })).getAllByRole('option');
    expect(units.map((option) => option.textContent)).toEqual([
      'unit(s)',
      'kg',
      'g',
      'mg',
      'l',
      'ml',
      'cup(s)',
      'rasher(s)',
      'tsp',
      'tbsp',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it("shows 'Scan Failed' when nothing was read; Confirm stays disabled, Cancel closes", async () => {
    const { user, dialog } = await scanIntoDialog('/user-stores/1', undefined, []);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Scan Failed');
    expect(within(dialog).getByText(SCAN_TEXTS.subtitle)).toBeInTheDocument();
    expect(confirmButton(dialog)).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("a refused photo says the server's reason until dismissed; the button is usable again", async () => {
    signIn();
    fakeStoresServer([makeStore(1, { name: 'Pantry', default: true })]);
    fakeScanServer(() =>
      HttpResponse.json(
        { message: 'Validation failed', errors: { file: ['This file is not a picture we can read.'] } },
        { status: 422 },
      ),
    );
    const { user } = renderApp('/user-stores/1');
    await scan(user);
    // in a toast (a second) and in a note that stays
    const notice = await screen.findByTestId('scan-notice');
    expect(notice).toHaveTextContent('This file is not a picture we can read.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: SCAN_TEXTS.button })).toBeEnabled();
    await user.click(within(notice).getByRole('button', { name: 'dismiss' }));
    expect(screen.queryByTestId('scan-notice')).not.toBeInTheDocument();
  });

  it("toasts the server's message when another scan is running (429)", async () => {
    signIn();
    fakeStoresServer([makeStore(1, { name: 'Pantry', default: true })]);
    fakeScanServer(() =>
      HttpResponse.json(
        { message: 'Another receipt is being read. Try again in a moment.' },
        { status: 429, headers: { 'Retry-After': '2' } },
      ),
    );
    const { user } = renderApp('/user-stores');
    await scan(user);
    expect(await screen.findByTestId('scan-notice')).toHaveTextContent('Another receipt is being read. Try again in a moment.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the quantity at 1 or more: below it the line says so and Confirm is disabled', async () => {
    const { user, dialog } = await scanIntoDialog('/user-stores/1');
    const quantity = within(card(dialog, 'VOLLMILCH 3,5% 1L')).getByRole('textbox', { name: 'quantity' });
    expect(confirmButton(dialog)).toBeEnabled();
    await fill(user, quantity, '0');
    expect(within(dialog).getByText('The quantity must be at least 1.')).toBeInTheDocument();
    expect(confirmButton(dialog)).toBeDisabled();
    await user.clear(quantity);
    expect(confirmButton(dialog)).toBeDisabled();
    await fill(user, quantity, '2');
    expect(within(dialog).queryByText('The quantity must be at least 1.')).not.toBeInTheDocument();
    expect(confirmButton(dialog)).toBeEnabled();
  });

  it('picks another ingredient for a line (its unit follows), and makes a custom item for another', async () => {
    const { user, dialog } = await scanIntoDialog('/user-stores/1');
    const milk = card(dialog, 'VOLLMILCH 3,5% 1L');
    await user.click(within(milk).getByRole('button', { name: 'pick another' }));
    await fill(user, within(milk).getByRole('textbox', { name: 'match for VOLLMILCH 3,5% 1L' }), 'carr');
    await user.click(await within(milk).findByRole('option', { name: 'Carrot' }));
    expect(within(milk).getByTestId('scan-match')).toHaveTextContent('Carrot');
    expect(within(milk).getByRole('combobox', { name: 'unit' })).toHaveValue('unit');
    expect(within(milk).queryByRole('textbox', { name: /^match for/ })).not.toBeInTheDocument();

    const candles = card(dialog, 'TEELICHTER 50ST');
    await user.click(within(candles).getByRole('button', { name: 'pick a match' }));
    await fill(user, within(candles).getByRole('textbox', { name: 'match for TEELICHTER 50ST' }), 'Tea lights');
    await user.click(within(candles).getByRole('button', { name: 'create custom item' }));
    expect(within(candles).getByTestId('scan-match')).toHaveTextContent('custom item: Tea lights');
    expect(within(candles).getByRole('checkbox', { name: 'Result: TEELICHTER 50ST' })).toBeChecked();
  });

  it('Confirm is disabled with no line ticked and with no store chosen; only stores the member may edit are offered', async () => {
    const { user, dialog } = await scanIntoDialog('/user-stores', [
      makeStore(1, { name: 'Pantry' }),
      makeStore(2, { name: 'Garage' }),
      makeStore(3, { name: 'Their freezer', role: 'viewer', user_id: 9 }),
      makeStore(4, { name: 'Shared fridge', role: 'editor', user_id: 9 }),
    ]);
    const store = within(dialog).getByRole('combobox', { name: 'store' });
    // No default store among them: none is preselected.
    expect(store).toHaveValue('');
    expect(within(store).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'choose a store',
      'Pantry',
      'Garage',
      'Shared fridge',
    ]);
    expect(confirmButton(dialog)).toBeDisabled();
    await user.selectOptions(store, 'Shared fridge');
    expect(confirmButton(dialog)).toBeEnabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Result: VOLLMILCH 3,5% 1L' }));
    expect(confirmButton(dialog)).toBeDisabled();
  });

  it('preselects the default store from the stores list, and the store the scan was started from on a store page', async () => {
    const stores = [makeStore(1, { name: 'Pantry', default: true }), makeStore(2, { name: 'Garage' })];
    const fromList = await scanIntoDialog('/user-stores', stores);
    expect(within(fromList.dialog).getByRole('combobox', { name: 'store' })).toHaveValue('1');
    expect(within(fromList.dialog).getByRole('option', { name: 'Pantry - (default)' })).toBeInTheDocument();
    fromList.unmount();

    const fromStore = await scanIntoDialog('/user-stores/2', stores);
    expect(within(fromStore.dialog).getByRole('combobox', { name: 'store' })).toHaveValue('2');
  });

  it('Confirm puts the ticked lines into the chosen store, toasts, closes, then sends the matches kept or picked', async () => {
    const bananas = line('BANANEN LOSE', { matchedItem: INGREDIENTS[1]!, unit: 'unit', checked: true });
    const lines = [MILK_LINE, CANDLE_LINE, bananas];
    const { user, dialog, backend, scanner } = await scanIntoDialog(
      '/user-stores/1',
      [makeStore(1, { name: 'Pantry', default: true }), makeStore(2, { name: 'Garage' })],
      lines,
    );
    const milk = card(dialog, 'VOLLMILCH 3,5% 1L');
    await fill(user, within(milk).getByRole('textbox', { name: 'quantity' }), '2');
    await user.selectOptions(within(milk).getByRole('combobox', { name: 'unit' }), 'l');
    const candles = card(dialog, 'TEELICHTER 50ST');
    await user.click(within(candles).getByRole('button', { name: 'pick a match' }));
    await fill(user, within(candles).getByRole('textbox', { name: 'match for TEELICHTER 50ST' }), 'Tea lights');
    await user.click(within(candles).getByRole('button', { name: 'create custom item' }));
    // The bananas are left out.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Result: BANANEN LOSE' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'store' }), 'Garage');

    await user.click(confirmButton(dialog));
    expect(await screen.findByText('2 ingredients in Garage updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // what the scan did stays said under the button
    expect(screen.getByTestId('scan-notice')).toHaveTextContent('2 items added to Garage');
    expect(backend.calls).toEqual([
      {
        method: 'POST',
        path: '/stores/2/items',
        body: {
          items: [
            { value: 11, quantity: 2, unit: 'l' },
            { name: 'Tea lights', quantity: 1, unit: 'unit(s)' },
          ],
        },
      },
    ]);
    await waitFor(() => expect(scanner.matches).toEqual([{ matches: [{ name: 'VOLLMILCH 3,5% 1L', value: 11 }] }]));
  });

  it('a failed match upload is silent; the stored items stay stored and the store shows them', async () => {
    signIn();
    const backend = fakeStoresServer([makeStore(1, { name: 'Pantry', default: true })]);
    const scanner = fakeScanServer(linesAnswer([MILK_LINE]), { matchesStatus: 500 });
    const { user } = renderApp('/user-stores/1');
    expect(await screen.findByText('Nothing in this store yet.')).toBeInTheDocument();
    await scan(user);
    const dialog = await screen.findByRole('dialog', { name: SCAN_TEXTS.title });
    await user.click(confirmButton(dialog));
    expect(await screen.findByText('1 ingredients in Pantry updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(scanner.matches).toHaveLength(1));
    expect(backend.calls.map((call) => call.path)).toEqual(['/stores/1/items']);
    // The store page shows the received stock; no error toast about the matches.
    expect(await screen.findByRole('listitem', { name: 'Milk' })).toBeInTheDocument();
    expect(screen.queryByText('Server error')).not.toBeInTheDocument();
    expect(screen.queryByText(/^error updating/)).not.toBeInTheDocument();
  });

  it("a store that refuses the stock toasts 'error updating {store}' and keeps the dialog open", async () => {
    const { user, dialog, scanner } = await scanIntoDialog('/user-stores', [
      makeStore(1, { name: 'Pantry', default: true }),
    ]);
    server.use(
      http.post(apiUrl('/stores/:id/items'), () => HttpResponse.json({ message: 'Too many items.' }, { status: 422 })),
    );
    await user.click(confirmButton(dialog));
    expect(await screen.findByText('error updating Pantry')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: SCAN_TEXTS.title })).toBeInTheDocument();
    expect(scanner.matches).toEqual([]);
  });

  it('is offered on a store page only to members who may change its stock', async () => {
    signIn();
    fakeStoresServer([makeStore(5, { name: 'Theirs', role: 'viewer', user_id: 9 })]);
    renderApp('/user-stores/5');
    expect(await screen.findByRole('heading', { name: 'Theirs' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SCAN_TEXTS.button })).not.toBeInTheDocument();
  });
});
