import { z } from 'zod';
import { STORAGE_KEYS } from '@/shared/lib/storageKeys';

/** A note kept only in this browser (spec part 1 §3, Note). */
export interface Note {
  id: string;
  title: string;
  content: string;
  /** ISO timestamp of the last save. */
  date: string;
}

export const NOTE_TITLE_MESSAGE = 'may only contain letters, numbers and spaces';
export const EMPTY_NOTE_TEXT = 'nothing here yet ...';
export const NO_NOTES_TEXT = 'zip.';

/** Letters, digits and spaces only (an empty title is allowed: it becomes 'note {n}'). */
export const NOTE_TITLE_PATTERN = /^[\p{L}\p{N} ]*$/u;

/** The title a note gets: the typed one, or 'note {n}' when empty (n = the note's number in the list). */
export function noteTitle(title: string, n: number): string {
  const trimmed = title.trim();
  return trimmed === '' ? `note ${n}` : trimmed;
}

const SCRIPT_BLOCK = /<\s*script\b[^>]*>[\s\S]*?<\s*\/\s*script\s*>/gi;
const STYLE_BLOCK = /<\s*style\b[^>]*>[\s\S]*?<\s*\/\s*style\s*>/gi;
const TAG = /<\/?[a-z!?][^<>]*>/gi;
const URL_ATTRIBUTE = /\b(?:href|src)\s*=\s*(?:"[^"]*"?|'[^']*'?|[^\s>]*)/gi;
const SCRIPT_SCHEME = /\b(?:javascript|vbscript)\s*:/gi;

/**
 * Cleans a note body while it is typed: script and style blocks with their content, markup tags,
 * href and src attributes and script schemes are removed, repeatedly until nothing changes (so
 * nested tricks like `<scr<script>ipt>` do not survive).
 */
export function sanitizeNoteBody(value: string): string {
  let current = value;
  for (let i = 0; i < 10; i += 1) {
    const next = current
      .replace(SCRIPT_BLOCK, '')
      .replace(STYLE_BLOCK, '')
      .replace(TAG, '')
      .replace(URL_ATTRIBUTE, '')
      .replace(SCRIPT_SCHEME, '');
    if (next === current) break;
    current = next;
  }
  return current;
}

const LEFTOVER_TAG = /<\s*\/?\s*[a-z!?][^<>]*>?/i;
const EVENT_HANDLER =
  /\bon(?:abort|animation[a-z]*|auxclick|before[a-z]*|blur|cancel|canplay[a-z]*|change|click|close|contextmenu|copy|cuechange|cut|dblclick|drag[a-z]*|drop|durationchange|emptied|ended|error|focus[a-z]*|formdata|hashchange|input|invalid|key[a-z]*|load[a-z]*|message[a-z]*|mouse[a-z]*|offline|online|page[a-z]*|paste|pause|play[a-z]*|pointer[a-z]*|popstate|progress|ratechange|reset|resize|scroll[a-z]*|search|seek[a-z]*|select[a-z]*|show|stalled|storage|submit|suspend|timeupdate|toggle|touch[a-z]*|transition[a-z]*|unload|volumechange|waiting|wheel)\s*=/i;
const JAVASCRIPT_SCHEME = /javascript\s*:/i;
const SCRIPT_TAG = /<\s*\/?\s*script/i;

/** Why a body cannot be saved, or null when it can: empty, or still holding markup or script. */
export function noteBodyProblem(value: string): string | null {
  if (value.trim() === '') return 'empty';
  if (SCRIPT_TAG.test(value)) return 'script tag';
  if (LEFTOVER_TAG.test(value)) return 'markup tag';
  if (EVENT_HANDLER.test(value)) return 'event handler attribute';
  if (JAVASCRIPT_SCHEME.test(value)) return 'javascript: scheme';
  return null;
}

export const noteSchema = z.object({
  title: z.string().regex(NOTE_TITLE_PATTERN, { error: NOTE_TITLE_MESSAGE }),
  content: z.string().refine((value) => noteBodyProblem(value) === null, { error: 'This note cannot be saved.' }),
});

export type NoteValues = z.infer<typeof noteSchema>;

function isNote(value: unknown): value is Note {
  if (!value || typeof value !== 'object') return false;
  const note = value as Record<string, unknown>;
  return (
    typeof note.id === 'string' &&
    typeof note.title === 'string' &&
    typeof note.content === 'string' &&
    typeof note.date === 'string'
  );
}

/**
 * Notes are kept per account: under `notes:{user id}` (e.g. `notes:42`). Signing out leaves them
 * in place for their author; another account on the same browser reads only its own key.
 */
export function notesKey(userId: number): string {
  return `${STORAGE_KEYS.notes}:${userId}`;
}

function parseNotes(raw: string | null): Note[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isNote) : [];
  } catch {
    return [];
  }
}

/**
 * Moves the notes of the un-keyed `notes` entry (written before notes were kept per account) to
 * `userId`, then deletes the un-keyed entry.
 *
 * Those notes record no owner, so nobody can be proven to be their author. Until now every account
 * signed in on this browser saw them all. Most browsers are used by one account, and dropping the
 * notes would lose that person's work without warning. So the notes go to the first account that
 * opens its notes after the update, and the un-keyed copy is deleted in the same step. That way
 * they reach one account at most, and no later account on this browser ever sees them. Notes
 * already in that account's key stay, and a note with the same id is not copied twice.
 */
function claimLegacyNotes(userId: number): void {
  const raw = window.localStorage.getItem(STORAGE_KEYS.notes);
  if (raw === null) return;
  const legacy = parseNotes(raw);
  if (legacy.length > 0) {
    const own = parseNotes(window.localStorage.getItem(notesKey(userId)));
    const ids = new Set(own.map((note) => note.id));
    const merged = [...own, ...legacy.filter((note) => !ids.has(note.id))];
    window.localStorage.setItem(notesKey(userId), JSON.stringify(merged));
  }
  window.localStorage.removeItem(STORAGE_KEYS.notes);
}

/** The notes of account `userId` in this browser ([] when none, unreadable or nobody signed in). */
export function readNotes(userId: number | null): Note[] {
  if (userId === null) return [];
  try {
    claimLegacyNotes(userId);
  } catch (error) {
    console.error('Moving the old notes failed', error);
  }
  try {
    return parseNotes(window.localStorage.getItem(notesKey(userId)));
  } catch {
    return [];
  }
}

/** Stores the notes of account `userId` (nothing is stored when nobody is signed in). */
export function writeNotes(userId: number | null, notes: Note[]): void {
  if (userId === null) return;
  try {
    window.localStorage.setItem(notesKey(userId), JSON.stringify(notes));
  } catch (error) {
    console.error('Storing the notes failed', error);
  }
}

export function newNoteId(): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `${Date.now().toString(36)}-${random}`;
}
