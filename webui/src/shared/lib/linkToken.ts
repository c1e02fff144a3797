import { jwtDecode } from 'jwt-decode';

export const LINK_EXPIRED = 'This link has expired.';
export const LINK_INVALID = 'This link is invalid.';

export type LinkTokenCheck = { ok: true } | { ok: false; error: typeof LINK_EXPIRED | typeof LINK_INVALID };

/**
 * Checks a reset / verify link token on the client: a token that cannot be decoded is invalid,
 * one whose `exp` (seconds) lies in the past has expired. The server still validates it.
 */
export function checkLinkToken(token: string | null | undefined, now: number = Date.now()): LinkTokenCheck {
  if (!token) return { ok: false, error: LINK_INVALID };
  let payload: { exp?: unknown };
  try {
    payload = jwtDecode<{ exp?: unknown }>(token);
  } catch {
    return { ok: false, error: LINK_INVALID };
  }
  if (typeof payload.exp === 'number' && payload.exp * 1000 < now) {
    return { ok: false, error: LINK_EXPIRED };
  }
  return { ok: true };
}
