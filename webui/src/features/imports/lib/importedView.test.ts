import { describe, expect, it } from 'vitest';
import {
  importedImage,
  importedIngredients,
  importedSource,
  importedSteps,
  importedTimes,
  importedYield,
  readableDuration,
} from './importedView';

describe('imported recipe view helpers', () => {
  it('image: the proxy address, the first of a list (strings or {url}); nothing from another origin', () => {
    const one = '/api/pwa/imported-images/AAAAAAAAAAAAAAAAAAAAAA?u=https%3A%2F%2Fa.example%2F1.jpg';
    const two = '/api/pwa/imported-images/BBBBBBBBBBBBBBBBBBBBBB?u=https%3A%2F%2Fa.example%2F2.jpg';
    expect(importedImage(one)).toBe(one);
    expect(importedImage([one, two])).toBe(one);
    expect(importedImage([{ url: one }])).toBe(one);
    expect(importedImage({ url: one })).toBe(one);
    expect(importedImage([])).toBeNull();
    expect(importedImage(undefined)).toBeNull();
    expect(importedImage('javascript:alert(1)')).toBeNull();
    // The page's own links are never loaded by the browser (the CSP would refuse them anyway).
    expect(importedImage('https://a.example/x.jpg')).toBeNull();
    expect(importedImage('//a.example/api/pwa/imported-images/x.jpg')).toBeNull();
    expect(importedImage('/relative.jpg')).toBeNull();
  });

  it("source: the url, else the @id; nothing that is not http/https", () => {
    expect(importedSource({ url: 'https://a.example/r', '@id': 'https://a.example/r#id' })).toBe('https://a.example/r');
    expect(importedSource({ '@id': 'https://a.example/r#id' })).toBe('https://a.example/r#id');
    expect(importedSource({ url: 'javascript:alert(1)', '@id': '#recipe' })).toBeNull();
  });

  it('yield: text, number or the first of a list', () => {
    expect(importedYield('4 servings')).toBe('4 servings');
    expect(importedYield(6)).toBe('6');
    expect(importedYield(['4', '4 servings'])).toBe('4');
    expect(importedYield(null)).toBe('');
  });

  it('steps: a list becomes steps (name, text, step_order = position + 1, empty image); otherwise null', () => {
    expect(importedSteps([{ name: 'Mix', text: 'Mix it.' }, { text: 'Bake it.' }, 'Eat it.'])).toEqual([
      { key: 0, step_order: 1, title: 'Mix', description: 'Mix it.', image: '' },
      { key: 1, step_order: 2, title: 'Step 2', description: 'Bake it.', image: '' },
      { key: 2, step_order: 3, title: 'Step 3', description: 'Eat it.', image: '' },
    ]);
    expect(importedSteps('Mix and bake.')).toBeNull();
    expect(importedSteps(undefined)).toBeNull();
  });

  it('ingredients: value IMPORT_INGREDIENT_{index}, the text as the name', () => {
    expect(importedIngredients(['2 eggs', 'salt'])).toEqual([
      { value: 'IMPORT_INGREDIENT_0', name: '2 eggs' },
      { value: 'IMPORT_INGREDIENT_1', name: 'salt' },
    ]);
    expect(importedIngredients(undefined)).toEqual([]);
  });

  it('ingredients: a group name before a line is its group, not part of the line', () => {
    expect(importedIngredients(['For the sauce: 2 tbsp soy sauce', 'Ratio 2:1 flour', '1: 2 eggs'])).toEqual([
      { value: 'IMPORT_INGREDIENT_0', name: '2 tbsp soy sauce', group: 'For the sauce' },
      { value: 'IMPORT_INGREDIENT_1', name: 'Ratio 2:1 flour' },
      { value: 'IMPORT_INGREDIENT_2', name: '1: 2 eggs' },
    ]);
  });

  it('times: ISO 8601 durations as a cook reads them, in one line; nothing for none or nonsense', () => {
    expect(readableDuration('PT1H15M')).toBe('1 h 15 min');
    expect(readableDuration('PT45M')).toBe('45 min');
    expect(readableDuration('P0DT2H')).toBe('2 h');
    expect(readableDuration('P1DT30M')).toBe('24 h 30 min');
    expect(readableDuration('')).toBe('');
    expect(readableDuration('soon')).toBe('');
    expect(readableDuration(42)).toBe('');
    expect(importedTimes({ totalTime: 'PT1H15M', prepTime: 'PT10M', cookTime: 'PT1H5M' })).toBe(
      'Total 1 h 15 min · Prep 10 min · Cook 1 h 5 min',
    );
    expect(importedTimes({ totalTime: 'PT30M', prepTime: '', cookTime: null })).toBe('Total 30 min');
    expect(importedTimes({})).toBe('');
  });
});
