import { expect, it } from 'vitest';
import { upperFirst } from './text';

it('upperFirst capitalises the first letter only', () => {
  expect(upperFirst('the thinking worker')).toBe('The thinking worker');
  expect(upperFirst('Already')).toBe('Already');
  expect(upperFirst('über')).toBe('Über');
  expect(upperFirst('a')).toBe('A');
  expect(upperFirst('')).toBe('');
  expect(upperFirst('1 game')).toBe('1 game');
});
