/**
 * Quantities as a cook writes them: '0.25 tsp' → '¼ tsp', '1.5 cup(s)' → '1½ cups',
 * '1 unit(s) Egg' → '1 egg', '2 unit(s) Egg' → '2 eggs'. Pure (no React): the one formatter of
 * recipe detail, cook mode, the cookbook, the creator's review and the publish requests.
 */

/** The measurement units of a recipe ingredient (spec part 1 §3, Measurement units). */
export const MEASUREMENT_UNITS = ['unit(s)', 'kg', 'g', 'mg', 'l', 'ml', 'cup(s)', 'rasher(s)', 'tsp', 'tbsp'] as const;

/** The unit that means 'so many of the ingredient itself' (no unit word is shown). */
export const COUNT_UNIT = 'unit(s)' as const;

/**
 * Part 2's default unit of shopping lists and stores (custom items, merges of incompatible units):
 * a count like `unit(s)`, shown the same way.
 */
export const DEFAULT_UNIT = 'unit' as const;

/** Fractional parts shown as vulgar fractions, and how close a value must be to count as one. */
const FRACTIONS: readonly (readonly [number, string])[] = [
  [1 / 8, '⅛'],
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [3 / 8, '⅜'],
  [1 / 2, '½'],
  [5 / 8, '⅝'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
  [7 / 8, '⅞'],
];
const TOLERANCE = 0.01;

/** Units written in the singular or the plural by quantity (plural when more than 1). */
const COUNTED_UNITS: Readonly<Record<string, readonly [string, string]>> = {
  'cup(s)': ['cup', 'cups'],
  'rasher(s)': ['rasher', 'rashers'],
};

/** Plain decimals: at most 2 places, no trailing zeros; tiny amounts keep 2 significant digits. */
function decimal(value: number): string {
  if (value > 0 && value < 0.01) return String(Number(value.toPrecision(2)));
  return String(Math.round(value * 100) / 100);
}

/** The text of a non-negative amount and the value it shows. */
function amountOf(quantity: number): { text: string; value: number } {
  const whole = Math.floor(quantity);
  const part = quantity - whole;
  // Tiny amounts ('0.005 mg') are shown, not rounded away to 0.
  if (whole === 0 && part > 0 && part < TOLERANCE) return { text: decimal(quantity), value: quantity };
  if (part < TOLERANCE) return { text: String(whole), value: whole };
  if (1 - part < TOLERANCE) return { text: String(whole + 1), value: whole + 1 };
  const fraction = FRACTIONS.find(([value]) => Math.abs(part - value) < TOLERANCE);
  if (!fraction) return { text: decimal(quantity), value: Math.round(quantity * 100) / 100 };
  return { text: whole === 0 ? fraction[1] : `${whole}${fraction[1]}`, value: whole + fraction[0] };
}

/**
 * The number as a cook writes it: whole numbers without decimals, common fractional parts as
 * vulgar fractions ('1½', '⅓'), others rounded to at most 2 decimal places ('0.3', '2.46').
 */
export function formatAmount(quantity: number): string {
  if (!Number.isFinite(quantity)) return String(quantity);
  return quantity < 0 ? `-${amountOf(-quantity).text}` : amountOf(quantity).text;
}

const VOWELS = 'aeiou';
/** A few common ingredient words whose plural is not regular. */
const IRREGULAR: Readonly<Record<string, string>> = {
  leaf: 'leaves',
  loaf: 'loaves',
  half: 'halves',
  knife: 'knives',
  avocado: 'avocados',
  radish: 'radishes',
  fish: 'fish',
  sheep: 'sheep',
  deer: 'deer',
  squid: 'squid',
};

/**
 * The plural of one lower-case word, kept simple and safe: 'es' after s/x/z/ch/sh and a consonant
 * + o, 'ies' for a consonant + y, else 's'. A word ending in a single 's' is taken to be plural
 * already ('lentils', 'oats') and left as it is.
 */
export function pluralise(word: string): string {
  if (word === '') return word;
  const irregular = IRREGULAR[word];
  if (irregular) return irregular;
  const last = word.slice(-1);
  const before = word.slice(-2, -1);
  if (last === 's') return word.endsWith('ss') || word.endsWith('us') ? `${word}es` : word;
  if (last === 'x' || last === 'z' || word.endsWith('ch') || word.endsWith('sh')) return `${word}es`;
  if (last === 'o' && before !== '' && !VOWELS.includes(before)) return `${word}es`;
  if (last === 'y' && before !== '' && !VOWELS.includes(before)) return `${word.slice(0, -1)}ies`;
  if (!/[a-z]$/.test(word)) return word;
  return `${word}s`;
}

/**
 * An ingredient name counted in `unit(s)`: lower-cased, and pluralised when more than one. Only
 * single-word names are pluralised ('2 eggs', '3 tomatoes'); names of more words stay as they are
 * ('2 spring onion') — guessing the noun of 'cloves of garlic' or 'bird's eye chilli' is not safe.
 */
export function countedName(name: string, quantity: number): string {
  const lower = name.trim().toLowerCase();
  if (!(quantity > 1) || /\s/.test(lower)) return lower;
  return pluralise(lower);
}

/** The units an amount may be switched to without changing what it is (the server converts). */
const UNIT_KINDS: readonly (readonly string[])[] = [
  ['kg', 'g', 'mg'],
  ['l', 'ml', 'cup(s)', 'tbsp', 'tsp'],
];

/**
 * The units offered for an amount in `unit`: those of its kind (a weight's kg, g, mg; a volume's
 * l, ml, cups and spoons), or every unit for a count, which may become a weight ('2 unit' of
 * potatoes bought as '1 kg').
 */
export function unitChoices(unit: string): string[] {
  const kind = UNIT_KINDS.find((units) => units.includes(unit));
  if (kind) return [...kind];
  return [...new Set([unit, DEFAULT_UNIT, ...MEASUREMENT_UNITS])];
}

/** Units weighed or measured out, whose amounts are written as decimals to the gram. */
const METRIC_UNITS: ReadonlySet<string> = new Set(['kg', 'g', 'mg', 'l', 'ml']);
/** The server keeps quantities to 3 decimal places: 1.225 kg is 1 kg 225 g, never '1.23 kg'. */
const METRIC_PLACES = 3;

/**
 * A weighed or measured amount: an exact common fraction as one ('½ l', '1¼ kg'), anything else as
 * a decimal of up to 3 places ('1.225 kg', '1.001 kg'), so no gram or millilitre is rounded away.
 */
function metricAmount(quantity: number): { text: string; value: number } {
  const magnitude = Math.abs(quantity);
  const whole = Math.floor(magnitude);
  const exact = FRACTIONS.find(([value]) => Math.abs(magnitude - whole - value) < 1e-9);
  if (exact && (exact[0] === 1 / 2 || exact[0] === 1 / 4 || exact[0] === 3 / 4)) {
    return amountOf(magnitude);
  }
  const places = 10 ** METRIC_PLACES;
  const value = Math.round(magnitude * places) / places;
  return { text: value > 0 ? String(value) : decimal(magnitude), value };
}

/**
 * The quantity, unit and (optionally) ingredient name as a cook writes them:
 * `formatQuantity(0.25, 'tsp')` → '¼ tsp', `formatQuantity(1.5, 'cup(s)')` → '1½ cups',
 * `formatQuantity(200, 'g', 'Rice')` → '200 g Rice', `formatQuantity(2, 'unit(s)', 'Egg')` → '2 eggs'.
 * `unit(s)` (and part 2's `unit`) shows no unit word (the name is lower-cased and counted instead); an unknown unit is
 * shown as it is; an empty unit shows the amount only.
 */
export function formatQuantity(quantity: number, unit: string, name?: string): string {
  const trimmedUnit = unit.trim();
  if (METRIC_UNITS.has(trimmedUnit) && Number.isFinite(quantity)) {
    const metric = metricAmount(quantity);
    const label = name?.trim() ?? '';
    return [`${quantity < 0 ? '-' : ''}${metric.text}`, trimmedUnit, label].filter((part) => part !== '').join(' ');
  }
  const amount = formatAmount(quantity);
  // Singular or plural by the value shown, so '1.001 cup(s)' (shown as '1') stays '1 cup'.
  const value = Number.isFinite(quantity) ? amountOf(Math.abs(quantity)).value : quantity;
  if (trimmedUnit === COUNT_UNIT || trimmedUnit === DEFAULT_UNIT) {
    const counted = name === undefined ? '' : countedName(name, value);
    return counted ? `${amount} ${counted}` : amount;
  }
  const forms = COUNTED_UNITS[trimmedUnit];
  const unitText = forms ? forms[value > 1 ? 1 : 0] : trimmedUnit;
  const label = name?.trim() ?? '';
  return [amount, unitText, label].filter((part) => part !== '').join(' ');
}

/** How people write units before a name: 'kg', 'ml', 'cups', 'tbsp'… mapped to the app's units. */
const TYPED_UNITS: Readonly<Record<string, string>> = {
  kg: 'kg',
  g: 'g',
  gr: 'g',
  mg: 'mg',
  l: 'l',
  ml: 'ml',
  cup: 'cup(s)',
  cups: 'cup(s)',
  tsp: 'tsp',
  tbsp: 'tbsp',
  x: 'unit(s)',
};
const TYPED_AMOUNT = /^\s*(\d+(?:[.,]\d+)?)\s*([a-z]+)?\s+(\S.*)$/i;

/** An amount typed before a name, as in '1 kg flour', '500g mince', '6 eggs'. */
export interface TypedAmount {
  quantity: number;
  /** One of the app's units, or null when none was typed ('6 eggs'). */
  unit: string | null;
  name: string;
}

/**
 * '1 kg flour' → {quantity: 1, unit: 'kg', name: 'flour'}; '6 eggs' → {6, null, 'eggs'}; '1,5 l
 * milk' reads the comma as a decimal point. Text without a leading amount, or whose word after
 * the number leaves no name, is null: it is a name.
 */
export function typedAmount(text: string): TypedAmount | null {
  const match = TYPED_AMOUNT.exec(text);
  if (!match) return null;
  const quantity = Number(match[1]!.replace(',', '.'));
  if (!(quantity > 0)) return null;
  const word = match[2]?.toLowerCase();
  const unit = word ? TYPED_UNITS[word] : undefined;
  const name = (unit || !word ? match[3]! : `${match[2]} ${match[3]}`).trim();
  if (name.length < 2) return null;
  return { quantity, unit: unit ?? null, name };
}
