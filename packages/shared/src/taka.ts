/**
 * Paisa as staff read taka in English, "-৳12,34,567.50" (the last three digits, then pairs), as
 * Intl writes it for en-IN, but by hand: a page's first Intl.NumberFormat loads the locale's data,
 * which costs a phone more than drawing the dashboard's money tile. taka.test.ts holds it to Intl.
 * Its own module, so the dashboard loads these lines and not the Money panel's words.
 */
export function showTaka(minor: number): string {
  const [whole = '0', paisa] = minorText(Math.abs(minor)).split('.');
  const lakhs = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${minor < 0 ? '-' : ''}৳${lakhs ? `${lakhs},` : ''}${whole.slice(-3)}.${paisa}`;
}

/** Minor units as a plain decimal ("1250.50"), for a field that shows a stored amount. */
export function minorText(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
