import './icons.css';

/** The line icons of icons.css (CSS masks): no path data in the JavaScript of the page. */
export type IconName =
  | 'plane'
  | 'policy'
  | 'route'
  | 'budget'
  | 'eye'
  | 'money'
  | 'calendar'
  | 'home'
  | 'check'
  | 'laptop'
  | 'fingerprint'
  | 'passport'
  | 'external'
  | 'clock';

/** Decorative: it takes the text colour and is hidden from assistive technology. */
export function Icon({ name, size }: { name: IconName; size?: 'sm' | 'lg' }) {
  return <span className={`icon icon-${name}${size ? ` icon-${size}` : ''}`} aria-hidden="true" />;
}
