import { describe, expect, it } from 'vitest';
import { catalogueEntryType, planEntryImage, planEntryTarget } from './planEntry';

describe('plan entries', () => {
  it('lead to the page of their type', () => {
    expect(planEntryTarget({ type: '4', value: 10 })).toEqual({ kind: 'page', to: '/recipes/10' });
    expect(planEntryTarget({ type: 'A9', value: 11 })).toEqual({ kind: 'page', to: '/recipes/11' });
    expect(planEntryTarget({ type: 'USER', value: 3 })).toEqual({ kind: 'page', to: '/user-recipes/3' });
    expect(planEntryTarget({ type: 'IMPORTED', value: '8' })).toEqual({ kind: 'page', to: '/imported-recipes/8' });
    expect(planEntryTarget({ type: 'EXTERNAL_LINK', value: ' https://pies.example/a ' })).toEqual({
      kind: 'external',
      href: 'https://pies.example/a',
    });
  });

  it('lead nowhere when custom, without a value, or an external link that is not http(s)', () => {
    expect(planEntryTarget({ type: 'CUSTOM', value: null })).toBeNull();
    expect(planEntryTarget({ type: 'CUSTOM', value: 5 })).toBeNull();
    expect(planEntryTarget({ type: 'A9', value: null })).toBeNull();
    expect(planEntryTarget({ type: 'EXTERNAL_LINK', value: 'javascript:alert(1)' })).toBeNull();
    expect(planEntryTarget({ type: 'EXTERNAL_LINK', value: 12 })).toBeNull();
  });

  it("type a catalogue recipe by its category id, 'A9' without one", () => {
    expect(catalogueEntryType(4)).toBe('4');
    expect(catalogueEntryType(null)).toBe('A9');
    expect(catalogueEntryType(undefined)).toBe('A9');
  });

  it("show an imported recipe's picture by its address and an upload by its name", () => {
    const proxied = '/api/pwa/imported-images/AAAAAAAAAAAAAAAAAAAAAA?u=https%3A%2F%2Fimg.example%2Fa.jpg';
    expect(planEntryImage(proxied)).toEqual({ src: proxied });
    expect(planEntryImage('https://img.example/a.jpg')).toEqual({ src: 'https://img.example/a.jpg' });
    expect(planEntryImage('abc.webp')).toEqual({ image: 'abc.webp' });
    expect(planEntryImage(null)).toEqual({ image: null });
  });
});
