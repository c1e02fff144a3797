/** Basic x@y.z e-mail shape used by the client-side checks (the server is the guard). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Registration username: 6 or more letters, digits, dash or underscore. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{6,}$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** Names of lists, stores and meal plans: letters (any alphabet), digits and single-spaced words. */
const PLAIN_NAME_PATTERN = /^[\p{L}\p{N}]+(?: +[\p{L}\p{N}]+)* *$/u;

/** The message of a list or store name that is not plain (spec part 2 §5). */
export const PLAIN_NAME_MESSAGE = 'may only contain letters, numbers and spaces';

/** True for a name of letters, numbers and spaces only (surrounding spaces ignored), as the server checks. */
export function isPlainName(value: string): boolean {
  return PLAIN_NAME_PATTERN.test(value.trim());
}
