import { STORAGE_KEYS } from '@/shared/lib/storageKeys';

export type TutorialFlag = 'true' | 'false';

/** The stored `tutorial_enabled` flag, or null when none is stored (or storage is unavailable). */
export function readTutorialFlag(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.tutorialEnabled);
  } catch {
    return null;
  }
}

export function storeTutorialFlag(value: TutorialFlag): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.tutorialEnabled, value);
  } catch {
    // Private mode without storage: the prompt simply shows again next time.
  }
}

/** The prompt shows when the URL says first_login=true, or when no flag is stored. */
export function shouldPromptTutorial(search: URLSearchParams, flag: string | null = readTutorialFlag()): boolean {
  return search.get('first_login') === 'true' || flag === null;
}
