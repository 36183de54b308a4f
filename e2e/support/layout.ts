import type { Page } from '@playwright/test';

/** What the layout check found wrong on a page, in words; empty when nothing is. */
export interface LayoutFindings {
  overflow: string[];
  overlaps: string[];
  dialogs: string[];
}

/**
 * A layout check that needs no baseline, run on the page as it is now:
 *
 * - nothing reaches past the viewport's left or right edge (unless a scrolling or clipping
 *   container holds it, as a wide table in its own scroll box), and the page never scrolls
 *   sideways;
 * - no two visible interactive elements overlap (a control under another cannot be used);
 *   while a modal dialog is open, only its own controls count (the page behind is inert);
 * - every open modal dialog is centred: its box's centre within `tolerance` px of the
 *   viewport's centre across, and down too when it fits in the viewport's height (a taller one
 *   starts at the top). A drawer (`data-placement="end"`) is exempt.
 *
 * Off-screen helpers (visually hidden text, 1 px boxes) and map markers (a map draws close
 * providers on top of each other; each is also a button in the results list) are left out.
 */
export function checkLayout(page: Page, tolerance = 3): Promise<LayoutFindings> {
  return page.evaluate((tolerance) => {
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    const name = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ');
      const id = element.id ? `#${element.id}` : '';
      return `<${element.tagName.toLowerCase()}${id}> "${text.slice(0, 40)}"`;
    };
    const shown = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      element.getBoundingClientRect().width > 1 &&
      element.getBoundingClientRect().height > 1;

    /** The element's box as far as its clipping ancestors let it be seen; null when not at all. */
    const visibleBox = (element: Element) => {
      const box = element.getBoundingClientRect();
      let { left, right, top, bottom } = box;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clipPath !== 'none') {
          const clip = parent.getBoundingClientRect();
          if (style.overflowX !== 'visible' || style.clipPath !== 'none') {
            left = Math.max(left, clip.left);
            right = Math.min(right, clip.right);
          }
          if (style.overflowY !== 'visible' || style.clipPath !== 'none') {
            top = Math.max(top, clip.top);
            bottom = Math.min(bottom, clip.bottom);
          }
        }
        if (style.position === 'fixed') break;
      }
      return right - left > 1 && bottom - top > 1 ? { left, right, top, bottom } : null;
    };

    const modal = Array.from(document.querySelectorAll('dialog')).find((dialog) => dialog.matches(':modal'));
    const scope: ParentNode = modal ?? document;

    const overflow: string[] = [];
    const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (sideways > 0) overflow.push(`the page scrolls sideways by ${sideways}px`);
    for (const element of Array.from(scope.querySelectorAll('body *'))) {
      if (!shown(element) || element.closest('.leaflet-container, .sr-only')) continue;
      const box = visibleBox(element);
      if (!box) continue;
      if (box.left < -1 || box.right > width + 1) {
        overflow.push(`${name(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} of ${width}px`);
      }
    }

    const interactive = Array.from(
      scope.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [tabindex]:not([tabindex="-1"])',
      ),
    ).filter((element) => shown(element) && !element.closest('.leaflet-container, [inert]'));
    const boxes = interactive.flatMap((element) => {
      const box = visibleBox(element);
      return box ? [{ element, box }] : [];
    });
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        // A control inside another (a label's input, a link in a button) is one target.
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        // An input and its own label's other control, as a checkbox drawn over its label.
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 1 && down > 1) {
          overlaps.push(
            `${name(a.element)} and ${name(b.element)} overlap by ${Math.round(across)}×${Math.round(down)}px`,
          );
        }
      }
    }

    const dialogs: string[] = [];
    for (const dialog of Array.from(document.querySelectorAll('dialog'))) {
      if (!dialog.matches(':modal') || dialog.dataset.placement === 'end') continue;
      const box = dialog.getBoundingClientRect();
      const centreX = (box.left + box.right) / 2;
      const centreY = (box.top + box.bottom) / 2;
      if (Math.abs(centreX - width / 2) > tolerance) {
        dialogs.push(`${name(dialog)}: centred at x=${Math.round(centreX)}, the viewport's centre is ${width / 2}`);
      }
      const fits = box.height < height - 2 * tolerance;
      if (fits ? Math.abs(centreY - height / 2) > tolerance : box.top < -1) {
        dialogs.push(
          `${name(dialog)}: spans y=${Math.round(box.top)}–${Math.round(box.bottom)} in a ${height}px viewport, not centred`,
        );
      }
    }
    return { overflow, overlaps, dialogs };
  }, tolerance);
}
