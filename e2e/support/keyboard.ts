import type { Locator, Page } from '@playwright/test';

/**
 * Form input the way a keyboard-only user gives it: focus moves to a control, keys do the
 * rest. No clicks, so a control that only works with a mouse fails the test.
 */
export function keyboard(page: Page) {
  return {
    async type(field: Locator, text: string) {
      await field.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(text);
    },
    /** A date input takes the digits of its segments in the browser's order (en-US: MMDDYYYY). */
    async date(field: Locator, iso: string) {
      const [year, month, day] = iso.split('-');
      await field.focus();
      await page.keyboard.type(`${month}${day}${year}`);
    },
    async check(box: Locator, on = true) {
      await box.focus();
      if ((await box.isChecked()) !== on) await page.keyboard.press('Space');
    },
    /** A select: focus it and type the start of the option, as a keyboard user does. */
    async choose(select: Locator, option: string) {
      await select.focus();
      await page.keyboard.type(option);
    },
    async press(control: Locator) {
      await control.focus();
      await page.keyboard.press('Enter');
    },
  };
}
