import { expect, it } from 'vitest';

// Test files share a worker's jsdom window (isolate: false). Whichever file ran before this one
// in its worker, setup.ts has left the window as new: nothing stored, no attribute on <html>
// (lang, dir, the theme's class), nothing in <head> or <body>.
it('finds the window as a new one, whatever file ran before it', () => {
  expect(localStorage.length).toBe(0);
  expect(sessionStorage.length).toBe(0);
  expect(document.documentElement.getAttributeNames()).toEqual([]);
  expect(document.head.childNodes).toHaveLength(0);
  expect(document.body.childNodes).toHaveLength(0);
  expect(document.body.getAttributeNames()).toEqual([]);
});
