import { describe, expect, it } from 'vitest';

// setup.ts has put rememberComputedStyles() on this window.
describe('computed styles kept between changes to the document', () => {
  it('answers as jsdom does after each kind of change, at once and after the changes are delivered', async () => {
    const box = document.createElement('div');
    const inner = document.createElement('span');
    box.append(inner);
    document.body.append(box);
    expect(getComputedStyle(inner).display).toBe('inline');
    expect(window.getComputedStyle(inner)).toBe(getComputedStyle(inner));

    box.style.display = 'none';
    expect(getComputedStyle(box).display).toBe('none');
    await Promise.resolve();
    box.removeAttribute('style');
    expect(getComputedStyle(box).display).toBe('block');

    inner.hidden = true;
    expect(getComputedStyle(inner).display).toBe('none');
    await new Promise((resolve) => setTimeout(resolve, 0));
    inner.hidden = false;
    expect(getComputedStyle(inner).display).toBe('inline');

    const style = document.createElement('style');
    style.textContent = 'span { visibility: hidden; }';
    document.head.append(style);
    expect(getComputedStyle(inner).visibility).toBe('hidden');
    style.textContent = 'span { visibility: visible; }';
    expect(getComputedStyle(inner).visibility).toBe('visible');
    style.remove();

    // Outside the document, whose changes the observer does not see, nothing is kept.
    const loose = document.createElement('p');
    expect(getComputedStyle(loose)).not.toBe(getComputedStyle(loose));
    box.remove();
  });
});
