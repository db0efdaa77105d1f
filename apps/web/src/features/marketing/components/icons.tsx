import type { ReactNode } from 'react';

/** Small inline line icons: no requests, no icon font, and they inherit the text colour. */
const PATHS = {
  plane: <path d="M2 16l20-7-20-7 4 7-4 7zm4-7h16" />,
  policy: <path d="M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h8" />,
  route: <path d="M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM18 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM6 15V9a4 4 0 0 1 4-4h6M18 9v6a4 4 0 0 1-4 4H8" />,
  budget: <path d="M3 6h18v12H3zM3 10h18M7 15h4" />,
  eye: <path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z" />,
  money: <path d="M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />,
  calendar: <path d="M4 5h16v16H4zM4 10h16M8 3v4M16 3v4" />,
  home: <path d="M3 11l9-8 9 8v10H3zM9 21v-6h6v6" />,
  check: <path d="M4 12l5 5L20 6" />,
  laptop: <path d="M4 5h16v11H4zM2 19h20" />,
  fingerprint: <path d="M12 11v4M8 8a5 5 0 0 1 9 3v2M7 13v-2M17 17c-1 2-2 3-3 4M10 21c-2-2-3-5-3-8" />,
  passport: <path d="M6 2h12v20H6zM12 14a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM9 18h6" />,
  external: <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />,
  clock: <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 28 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
