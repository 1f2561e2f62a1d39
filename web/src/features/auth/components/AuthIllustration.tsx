/** A bridge seen by a drone: the line art of the login page's brand panel. */
export function AuthIllustration() {
  return (
    <svg viewBox="0 0 480 260" width="100%" role="presentation" aria-hidden="true" style={{ maxWidth: 480 }}>
      <defs>
        <linearGradient id="sl-frustum" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#69b1ff" stopOpacity="0.55" />
          <stop offset="1" stopColor="#69b1ff" stopOpacity="0.05" />
        </linearGradient>
      </defs>
      {/* deck and piers */}
      <path d="M20 170 H460" stroke="#d6e4ff" strokeWidth="4" strokeLinecap="round" />
      <path d="M20 178 H460" stroke="#d6e4ff" strokeOpacity="0.5" strokeWidth="2" />
      {[90, 240, 390].map((x) => (
        <path key={x} d={`M${x - 10} 178 V240 M${x + 10} 178 V240`} stroke="#adc6ff" strokeWidth="3" />
      ))}
      {/* arches */}
      <path d="M90 170 Q165 95 240 170 Q315 95 390 170" fill="none" stroke="#adc6ff" strokeWidth="3" />
      {[115, 140, 165, 190, 215, 265, 290, 315, 340, 365].map((x) => {
        const t = ((x - 90) % 150) / 150;
        const y = 170 - 300 * t * (1 - t) * 0.5;
        return <path key={x} d={`M${x} ${y} V170`} stroke="#adc6ff" strokeOpacity="0.6" strokeWidth="1.5" />;
      })}
      <path d="M10 240 H470" stroke="#85a5ff" strokeOpacity="0.35" strokeWidth="2" strokeDasharray="6 8" />
      {/* drone and its view frustum */}
      <path d="M300 40 L250 150 L350 150 Z" fill="url(#sl-frustum)" />
      <rect x="286" y="30" width="28" height="12" rx="4" fill="#f0f5ff" />
      <path d="M272 30 H328" stroke="#f0f5ff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="272" cy="30" r="7" fill="none" stroke="#f0f5ff" strokeWidth="2" />
      <circle cx="328" cy="30" r="7" fill="none" stroke="#f0f5ff" strokeWidth="2" />
      {/* a marked defect */}
      <rect x="282" y="128" width="30" height="22" fill="none" stroke="#ff7875" strokeWidth="2" strokeDasharray="4 3" />
      <path d="M288 146 L296 136 L300 140 L307 131" fill="none" stroke="#ff7875" strokeWidth="2" />
    </svg>
  );
}
