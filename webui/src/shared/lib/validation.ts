/** Basic x@y.z e-mail shape used by the client-side checks (the server is the guard). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Registration username: 6 or more letters, digits, dash or underscore. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]{6,}$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
