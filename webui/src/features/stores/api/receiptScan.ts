import { useMutation } from '@tanstack/react-query';
import { api, type IngredientOption } from '@/shared/api';

// Hand-written from src/larder/receipts/schemas.py until schema.gen.ts is regenerated with the
// receipt-scan calls; field names are the spec's (part 2 §3 'Scan line').

/** The multipart field of POST /receipt-scan. */
export const SCAN_FIELD = 'file';

/**
 * One bought item read from a receipt: `name` as printed, `matchedItem` the ingredient option it was
 * matched to (null: 'No Matches Found.'), `quantity` at least 1, `unit` the match's default unit,
 * `price` and `currency` as printed, `sku` an article number or null, `checked` true when matched.
 */
export interface ScanLine {
  name: string;
  matchedItem: IngredientOption | null;
  quantity: number;
  unit: string;
  price: number | null;
  currency: string | null;
  sku: string | null;
  checked: boolean;
}

/** A printed name and the catalogue ingredient the member confirmed for it. */
export interface ConfirmedMatch {
  name: string;
  value: number;
}

/** Body of POST /receipt-scan/matches. */
export interface ConfirmedMatchesPayload {
  matches: ConfirmedMatch[];
}

/**
 * POST /receipt-scan (multipart `file`): the photo is read on the server and its item lines come
 * back. A refused photo answers 422 with the reason under `errors.file`; a scan while another one
 * runs answers 429 with a message.
 */
export async function scanReceipt(photo: File): Promise<ScanLine[]> {
  const form = new FormData();
  form.append(SCAN_FIELD, photo, photo.name || 'receipt.jpg');
  return (await api.post('/receipt-scan', form)).data;
}

export function useScanReceipt() {
  return useMutation({ mutationKey: ['receipt-scan'], mutationFn: scanReceipt });
}

/** POST /receipt-scan/matches -> 204: the next scan matches these printed names the same way. */
export async function sendConfirmedMatches(payload: ConfirmedMatchesPayload): Promise<void> {
  await api.post('/receipt-scan/matches', payload);
}

export function useSendConfirmedMatches() {
  return useMutation({ mutationKey: ['receipt-scan', 'matches'], mutationFn: sendConfirmedMatches });
}
