import { describe, expect, it } from 'vitest';
import { makeJwt } from '@/test/jwt';
import { checkLinkToken } from './linkToken';

describe('checkLinkToken', () => {
  const now = Date.UTC(2025, 0, 1);
  const nowSeconds = now / 1000;

  it('accepts a token that has not expired', () => {
    expect(checkLinkToken(makeJwt(nowSeconds + 60), now)).toEqual({ ok: true });
  });

  it('reports an expired token (exp * 1000 < now)', () => {
    expect(checkLinkToken(makeJwt(nowSeconds - 1), now)).toEqual({ ok: false, error: 'This link has expired.' });
  });

  it('reports a token that cannot be decoded, or none, as invalid', () => {
    expect(checkLinkToken('abc.def', now)).toEqual({ ok: false, error: 'This link is invalid.' });
    expect(checkLinkToken('', now)).toEqual({ ok: false, error: 'This link is invalid.' });
    expect(checkLinkToken(null, now)).toEqual({ ok: false, error: 'This link is invalid.' });
  });
});
