import type { CSSProperties, ReactNode } from 'react';

/**
 * Icons of project types, by the icon name the server stores for a type (built-in: bridge, road, building,
 * dam, experiment, tunnel, slope, culvert, electromechanical, wind-turbine). Drawn here as simple line icons
 * in the current text colour; a name we do not know gets the generic one.
 */
const PATHS: Record<string, ReactNode> = {
  bridge: (
    <>
      <path d="M2 15h20M4 15V9m16 6V9M2 9h20" />
      <path d="M4 9c2.5 3 5 4 8 4s5.5-1 8-4" />
      <path d="M8 15v4m8-4v4" />
    </>
  ),
  road: (
    <>
      <path d="M8 3 4 21m12-18 4 18" />
      <path d="M12 4v3m0 4v3m0 4v3" />
    </>
  ),
  building: (
    <>
      <path d="M5 21V4h9v17M14 9h5v12M3 21h18" />
      <path d="M8 8h3m-3 4h3m-3 4h3m6-3h1m-1 4h1" />
    </>
  ),
  dam: (
    <>
      <path d="M3 20h18M6 20 8 5h6l4 15" />
      <path d="M2 8c1.5 1 3 1 4.5 0M2 12c1.5 1 3 1 4.5 0" />
    </>
  ),
  experiment: (
    <>
      <path d="M9 3h6M10 3v6l-5 10a1.5 1.5 0 0 0 1.3 2h11.4a1.5 1.5 0 0 0 1.3-2l-5-10V3" />
      <path d="M7.5 15h9" />
    </>
  ),
  tunnel: (
    <>
      <path d="M3 21V11a9 9 0 0 1 18 0v10M3 21h18" />
      <path d="M8 21v-8a4 4 0 0 1 8 0v8" />
    </>
  ),
  slope: (
    <>
      <path d="M3 20h18L9 6 3 12z" />
      <path d="m7 13 2 1m1 3 2 1" />
    </>
  ),
  culvert: (
    <>
      <path d="M2 9h20M2 20h20" />
      <circle cx="12" cy="15" r="4" />
      <path d="M4 9v11m16-11v11" />
    </>
  ),
  electromechanical: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3m0 14v3M2 12h3m14 0h3M4.9 4.9 7 7m10 10 2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" />
    </>
  ),
  'wind-turbine': (
    <>
      <path d="M12 10v11M9 21h6" />
      <path d="M12 10 12 2.5M12 10l6.5 3.8M12 10l-6.5 3.8" />
      <circle cx="12" cy="10" r="1.2" />
    </>
  ),
};

const GENERIC: ReactNode = (
  <>
    <path d="M3 7l9-4 9 4-9 4z" />
    <path d="M3 7v10l9 4 9-4V7M12 11v10" />
  </>
);

export const KNOWN_TYPE_ICONS = Object.keys(PATHS);

export function ProjectTypeIcon({ icon, size = 16, style }: { icon: string; size?: number; style?: CSSProperties }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      style={{ flex: 'none', verticalAlign: '-0.15em', ...style }}
    >
      {PATHS[icon] ?? GENERIC}
    </svg>
  );
}
