function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned-looking JWT whose payload carries `exp` (seconds since the epoch). */
export function makeJwt(expSeconds: number, extra: Record<string, unknown> = {}): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ exp: expSeconds, ...extra })}.c2lnbmF0dXJl`;
}

export const validJwt = () => makeJwt(Math.floor(Date.now() / 1000) + 3600);
export const expiredJwt = () => makeJwt(Math.floor(Date.now() / 1000) - 3600);
